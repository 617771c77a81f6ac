/** Has the browser save `blob` as `filename`, through a link clicked inside `root`. */
export function saveFile(root: ParentNode, blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  // In the page while it is clicked: some engines ignore a click on a link that is nowhere.
  root.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
