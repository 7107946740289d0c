// A certified OpenID provider (panva/oidc-provider 9), in two modes.
//
// For crates/server/tests/api/oidc_provider.rs (no IDP_ISSUER): it listens on a free port on 127.0.0.1 and
// prints `listening <issuer>`; then it reads one line from stdin, the portal's callback URL (the portal's
// port is known only after it started with this issuer), registers the client with it and prints `ready`.
//
// As the example identity provider of deploy/compose.yaml (IDP_ISSUER set, e.g. http://idp:9090): it listens
// on the issuer's port on every interface, registers the client with IDP_REDIRECT_URIS (comma separated) and
// signs with keys made at start (a restart rotates them: the portal fetches the new JWKS by `kid`).
//
// In both, its dev interactions sign in any login with any password: an example, never a real provider.
// Access tokens are JWTs for the resource (audience) named by ORDERS_OIDC_AUDIENCE (resource indicators).
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import Provider from 'oidc-provider';

const here = new URL('.', import.meta.url);
const fixture = (name) => readFileSync(new URL(`../fixtures/oidc/${name}`, here));
const privateJwk = (name, kid, alg) => ({
  ...createPrivateKey(fixture(name)).export({ format: 'jwk' }),
  kid,
  alg,
  use: 'sig',
});

const audience = process.env.ORDERS_OIDC_AUDIENCE ?? 'https://orders.example/api';
const clientId = process.env.ORDERS_OIDC_CLIENT_ID ?? 'orders-portal';
const clientSecret = process.env.ORDERS_OIDC_CLIENT_SECRET ?? 'portal-secret-for-tests';

const standalone = process.env.IDP_ISSUER;
const keys = standalone
  ? [
      { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, kid: 'example-rsa', alg: 'RS256' },
      { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, kid: 'example-ec', alg: 'ES256' },
    ].map(({ key, kid, alg }) => ({ ...key.export({ format: 'jwk' }), kid, alg, use: 'sig' }))
  : [privateJwk('rsa.pem', 'provider-rsa', 'RS256'), privateJwk('ec.pem', 'provider-ec', 'ES256')];

let handler = (_req, res) => {
  res.statusCode = 503;
  res.end('not ready');
};
const server = createServer((req, res) => handler(req, res));
// A port that is taken ends the process with a message, not a wait for a "ready" that never comes.
server.on('error', (error) => {
  console.error(`provider: ${error.message}`);
  process.exit(1);
});
let issuer;
let redirectUris;
if (standalone) {
  issuer = standalone.replace(/\/$/, '');
  const port = Number(new URL(issuer).port || 80);
  await new Promise((resolve) => server.listen(port, '0.0.0.0', resolve));
  redirectUris = (process.env.IDP_REDIRECT_URIS ?? 'http://localhost:8080/auth/v1/oidc/callback')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  console.log(`listening ${issuer}`);
} else {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${server.address().port}`;
  console.log(`listening ${issuer}`);
  const lines = createInterface({ input: process.stdin });
  redirectUris = await lines[Symbol.asyncIterator]().next().then(({ value }) => [value.trim()]);
  process.stdin.on('end', () => process.exit(0));
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
  ],
  jwks: { keys },
  pkce: { required: () => true },
  // Any login is an account; its id is the member id (the subject).
  async findAccount(_ctx, id) {
    return { accountId: id, claims: async () => ({ sub: id }) };
  },
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => audience,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: 'orders',
        audience,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
  scopes: ['openid', 'orders'],
});
handler = provider.callback();
console.log('ready');

process.on('SIGTERM', () => process.exit(0));
