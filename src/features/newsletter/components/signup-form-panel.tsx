import { CopyButton } from '@/ui';
import { absoluteApiUrl } from '@/api';
import { signupPageUrl, signupSnippet } from '../signup-snippet';

/**
 * "Signup form": the public signup page's link to share, and a form a marketing site can paste
 * instead (it posts to the API, which accepts any origin for this operation).
 */
export function SignupFormPanel({
  companyId,
  origin = window.location.origin,
}: {
  companyId: string;
  origin?: string;
}) {
  const link = signupPageUrl(origin, companyId);
  const snippet = signupSnippet({ apiUrl: absoluteApiUrl(origin), companyId });
  return (
    <section className="card stack" aria-labelledby="signup-form-heading">
      <div className="card-header" style={{ marginBottom: 0 }}>
        <h2 id="signup-form-heading">Signup form</h2>
        <p className="muted">
          Anyone can sign up here; each address gets an email with a link to confirm before it counts as subscribed.
        </p>
      </div>
      <div className="stack" style={{ gap: 8 }}>
        <h3 id="signup-link-heading">Signup page</h3>
        <div className="row newsletter-link-row">
          <a className="newsletter-link" href={link} target="_blank" rel="noreferrer">
            {link}
          </a>
          <CopyButton size="small" value={link} label="Copy link" aria-label="Copy link to the signup page" />
        </div>
      </div>
      <div className="stack" style={{ gap: 8 }}>
        <div className="newsletter-section-header">
          <h3 id="signup-snippet-heading">Form for your website</h3>
          <CopyButton size="small" value={snippet} label="Copy code" aria-label="Copy code of the form" />
        </div>
        <p className="muted">
          Paste it into a page of your site: it posts the address with your company’s id to the API and shows the
          answer.
        </p>
        <pre className="newsletter-code" role="region" tabIndex={0} aria-labelledby="signup-snippet-heading">
          <code>{snippet}</code>
        </pre>
      </div>
    </section>
  );
}
