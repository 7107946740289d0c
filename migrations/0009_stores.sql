-- Store fields for the store views and the ops feed (spec 002 §3 Store).
ALTER TABLE stores ADD COLUMN slug TEXT;
ALTER TABLE stores ADD COLUMN area TEXT;
ALTER TABLE stores ADD COLUMN state TEXT;
ALTER TABLE stores ADD COLUMN default_language TEXT;
ALTER TABLE stores ADD COLUMN facility_type TEXT;
CREATE INDEX IF NOT EXISTS stores_country_name ON stores (country, name, store_id);
