// Before any module: every violation and page error from the first byte on, for page.ts to report.
window.cspViolations = [];
window.cspErrors = [];
addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
});
addEventListener('error', (event) => window.cspErrors.push(String(event.message || event.error)));
addEventListener('unhandledrejection', (event) => window.cspErrors.push(String(event.reason?.stack || event.reason)));
