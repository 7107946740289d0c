// A certified OpenID provider (panva/oidc-provider 9) for crates/server/tests/api/oidc_provider.rs.
//
// It listens on a free port on 127.0.0.1 and prints `listening <issuer>`; then it reads one line from
// stdin, the portal's callback URL (the portal's port is known only after it started with this issuer),
// registers the client with it and prints `ready`. Its dev interactions sign in any login with any password.
// Access tokens are JWTs for the resource (audience) named by ORDERS_OIDC_AUDIENCE (resource indicators).
import { createPrivateKey } from 'node:crypto';
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

let handler = (_req, res) => {
  res.statusCode = 503;
  res.end('not ready');
};
const server = createServer((req, res) => handler(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
console.log(`listening ${issuer}`);

const lines = createInterface({ input: process.stdin });
const [redirectUri] = await lines[Symbol.asyncIterator]().next().then(({ value }) => [value.trim()]);

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
  ],
  jwks: { keys: [privateJwk('rsa.pem', 'provider-rsa', 'RS256'), privateJwk('ec.pem', 'provider-ec', 'ES256')] },
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

process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
