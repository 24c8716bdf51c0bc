-- The signer's position title at the time of the step (the printed form's signature blocks: name, title, date).
ALTER TABLE approval_step ADD COLUMN IF NOT EXISTS actor_title text;
