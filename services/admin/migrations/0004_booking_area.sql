-- A booking keeps its room's or car's site (book_room.area_id, book_car.area_id: the calendars' area filter, copied
-- on every write); the bookings made before the column existed get theirs here.
UPDATE book_room b SET area_id = r.area_id FROM room r WHERE r.id = b.room_id AND b.area_id IS NULL;
UPDATE book_car b SET area_id = c.area_id FROM car c WHERE c.id = b.car_id AND b.area_id IS NULL;
