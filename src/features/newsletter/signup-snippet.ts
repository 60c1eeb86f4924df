/** The public signup page of a company's newsletter: `<origin>/subscribe/<companyId>`. */
export function signupPageUrl(origin: string, companyId: string): string {
  return `${origin}/subscribe/${encodeURIComponent(companyId)}`;
}

/** A value written into the snippet's script: JSON, with `<` escaped so it cannot close the tag. */
const scriptValue = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A form a marketing site can paste: it posts `{companyId, email}` as JSON to the public signup
 * operation (open to any origin) and shows the server's answer, which is the same for every
 * address, or its error (a bad address, too many attempts).
 */
export function signupSnippet({ apiUrl, companyId }: { apiUrl: string; companyId: string }): string {
  return `<form id="newsletter-signup">
  <label for="newsletter-email">Email</label>
  <input id="newsletter-email" name="email" type="email" autocomplete="email" required>
  <button type="submit">Subscribe</button>
  <p id="newsletter-result" role="status"></p>
</form>
<script>
  document.getElementById('newsletter-signup').addEventListener('submit', async (event) => {
    event.preventDefault();
    const result = document.getElementById('newsletter-result');
    try {
      const response = await fetch(${scriptValue(`${apiUrl}/newsletter`)}, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ companyId: ${scriptValue(companyId)}, email: event.target.email.value }),
      });
      const body = await response.json();
      result.textContent = response.ok ? body.message : body.error;
    } catch {
      result.textContent = 'Could not sign up. Try again in a moment.';
    }
  });
</script>`;
}
