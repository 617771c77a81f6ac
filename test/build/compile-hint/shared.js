export const append = (text) => document.body.append(text);
