/** Signed-in calls through the gateway, as the portal's client makes them. */
export async function signIn(url: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login, password }),
  });
  const body = (await res.json()) as { data?: { userData: { accessToken: string } }; message?: string };
  if (res.status !== 200 || !body.data) throw new Error(`sign-in ${login}: ${res.status} ${body.message ?? ''}`);
  return body.data.userData.accessToken;
}

export async function getJson<T = any>(url: string, token: string): Promise<{ status: number; body: T; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as T;
  return { status: res.status, body, ms: performance.now() - t0 };
}
