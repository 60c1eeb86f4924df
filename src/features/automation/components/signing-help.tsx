import { signingExample } from '../format';

/**
 * How a sender signs a delivery: the two headers and a shell example, for the endpoint's URL
 * (`url`) with its secret in `WEBHOOK_SECRET`.
 */
export function SigningHelp({ url }: { url: string }) {
  return (
    <div className="stack automation-signing">
      <p>Sign each POST with the secret and send two headers:</p>
      <ul className="automation-signing-headers">
        <li>
          <code>Webhook-Timestamp: &lt;unix seconds&gt;</code>
        </li>
        <li>
          <code>Webhook-Signature: v1=&lt;hex HMAC-SHA256(secret, "&lt;timestamp&gt;.&lt;body&gt;")&gt;</code>
        </li>
      </ul>
      <p className="muted">
        The body is JSON (at most 256 KB). Deliveries more than 5 minutes off the server’s clock, or signed with another
        secret, are refused. For example, with the secret in <code>WEBHOOK_SECRET</code>:
      </p>
      <pre
        className="automation-code"
        role="region"
        tabIndex={0}
        aria-label="Example: sign and send a delivery with curl"
      >
        <code>{signingExample(url)}</code>
      </pre>
    </div>
  );
}
