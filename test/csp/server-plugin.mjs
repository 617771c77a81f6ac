/**
 * Serves test/csp/page.html with the strictest policy a host might set: nothing inline, no
 * string reaching an HTML or script sink without a Trusted Types policy.
 */
export const STRICT_POLICY = "default-src 'self'; style-src 'self'; script-src 'self'; require-trusted-types-for 'script'";

export function cspPlugin() {
  return {
    name: 'display-kit-csp',
    serve(context) {
      if (context.path === '/test/csp/page.html') context.set('Content-Security-Policy', STRICT_POLICY);
      return undefined;
    },
  };
}
