-- A repair keeps its asset's managing department (repair_asset.department_id: whose asset office keeps it, copied and
-- following the asset); the repairs made before the column existed get theirs here. The inspections' due dates of the
-- assets already registered are set by the service's daily work when it first runs (inspection/due.ts).
UPDATE repair_asset r SET department_id = a.department_id FROM asset a WHERE a.id = r.asset_id AND r.department_id IS NULL;
