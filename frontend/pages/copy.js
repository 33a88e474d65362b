// Copy buttons: a button with data-copy="<selector>" copies that field's value to the clipboard and says so.
for (const button of document.querySelectorAll('[data-copy]')) {
  button.addEventListener('click', async () => {
    const field = document.querySelector(button.dataset.copy);
    if (!field) return;
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select(); // no clipboard (an insecure origin): leave it selected for ctrl+C
      return;
    }
    button.textContent = 'Copied';
  });
}
