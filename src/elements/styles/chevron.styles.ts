import { css } from 'lit';

/**
 * A disclosure's chevron (`icon('chevron', 'icon chevron')` as a child of its summary): closed, it
 * points along the reading direction; open, it turns down. The reasoning's, a call's and a group
 * of calls' disclosures share it.
 */
export const chevronStyles = css`
  .chevron {
    transition: transform 120ms ease;
  }

  details[open] > summary > .chevron {
    transform: rotate(90deg);
  }

  :host(:dir(rtl)) details:not([open]) > summary > .chevron {
    transform: scaleX(-1);
  }

  @media (prefers-reduced-motion: reduce) {
    .chevron {
      transition: none;
    }
  }
`;
