import { afterEach, describe, expect, it, vi } from 'vitest';

/** session.ts reads the page once, when it is first imported: each case imports a fresh copy. */
async function freshSession() {
  vi.resetModules();
  return import('./session');
}

function inline(json: string) {
  const block = document.createElement('script');
  block.id = 'orders-session';
  block.type = 'application/json';
  block.textContent = json;
  document.head.append(block);
}

describe('the session the server put into the page', () => {
  afterEach(() => {
    document.getElementById('orders-session')?.remove();
    sessionStorage.clear();
  });

  it('signs a new tab in before its first paint, and leaves no CSRF value in the document', async () => {
    inline('{"upmId":"member-7","expiresIn":3600,"csrfToken":"csrf-7"}');
    const before = Date.now();
    const { getSession, startedFromPage } = await freshSession();
    const member = getSession().member;
    expect(member).toMatchObject({ upmId: 'member-7', csrfToken: 'csrf-7' });
    expect(member?.expiresAt).toBeGreaterThanOrEqual(before + 3600 * 1000);
    expect(getSession().restoring).toBe(false);
    expect(startedFromPage()).toBe(true);
    expect(document.getElementById('orders-session')).toBeNull();
  });

  it("wins over what this tab remembered (the cookie is the browser's truth)", async () => {
    sessionStorage.setItem('orders.member', JSON.stringify({ upmId: 'someone-else', expiresAt: Date.now() + 60_000 }));
    inline('{"upmId":"member-7","expiresIn":3600,"csrfToken":"csrf-7"}');
    const { getSession } = await freshSession();
    expect(getSession().member?.upmId).toBe('member-7');
  });

  it('is ignored when it is not a session, and the tab asks the server as before', async () => {
    for (const json of ['not json', '{"upmId":7,"expiresIn":3600}', '{"upmId":"m","expiresIn":0}']) {
      inline(json);
      const { getSession, startedFromPage } = await freshSession();
      expect(getSession().member, json).toBeNull();
      expect(startedFromPage(), json).toBe(false);
    }
  });

  it('is absent on a page without one: what the tab remembered stands', async () => {
    sessionStorage.setItem('orders.member', JSON.stringify({ upmId: 'remembered', expiresAt: Date.now() + 60_000 }));
    const { getSession, startedFromPage } = await freshSession();
    expect(getSession().member?.upmId).toBe('remembered');
    expect(startedFromPage()).toBe(false);
  });
});
