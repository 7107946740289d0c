-- Saved delivery addresses (spec 002 §3) and consent records (002 §3, 000 §6).

CREATE TABLE member_addresses (
    id TEXT PRIMARY KEY,               -- UUID
    upm_id TEXT NOT NULL REFERENCES members (upm_id) ON DELETE CASCADE,
    original_id TEXT,                  -- the address a validator suggestion replaced
    country TEXT NOT NULL,             -- ISO 3166-1 alpha-2, upper case
    code TEXT,                         -- postal code, written in the country's canonical form
    email TEXT,
    line1 TEXT,
    line2 TEXT,
    line3 TEXT,
    locality TEXT,
    name TEXT,
    name_family TEXT,
    name_given TEXT,
    phone TEXT,
    province TEXT,                     -- the province table's code where the country has one
    zone TEXT,
    preferred BIGINT NOT NULL,         -- 1 for the member's preferred address
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX member_addresses_member ON member_addresses (upm_id, created_at);
-- At most one preferred address per member, held by the database as well as by the code.
CREATE UNIQUE INDEX member_addresses_one_preferred ON member_addresses (upm_id) WHERE preferred = 1;

CREATE TABLE member_consents (
    upm_id TEXT NOT NULL REFERENCES members (upm_id) ON DELETE CASCADE,
    consent_type TEXT NOT NULL,        -- partnerOrderDataSharing, performanceCookies, marketingEmail
    granted BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    updated_by TEXT NOT NULL,          -- member or ops
    PRIMARY KEY (upm_id, consent_type)
);
