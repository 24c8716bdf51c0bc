-- The last number given by each generated code (FieldDef.generate; resource/codes.ts), per table, field and year for a
-- yearly pattern. Taken with a row lock inside the write's transaction: numbers are gapless and never given twice.
CREATE TABLE IF NOT EXISTS code_counter (
  key text PRIMARY KEY,
  last bigint NOT NULL
);
