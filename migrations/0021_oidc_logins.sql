-- Sign-ins through the retailer's OpenID provider that have left for the provider and not come back yet
-- (auth/oidc/routes.rs): the state's digest (the browser holds the state itself in a cookie), the nonce the
-- ID token must repeat, the PKCE verifier, the page to return to and the callback URL sent. A row is
-- taken (deleted) by its callback, once; rows older than ten minutes are dropped.
CREATE TABLE oidc_logins (
    state_hash TEXT PRIMARY KEY,
    nonce TEXT NOT NULL,
    verifier TEXT NOT NULL,
    return_to TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX oidc_logins_created ON oidc_logins (created_ms);
