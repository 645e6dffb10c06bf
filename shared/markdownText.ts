// Plain text (a rule's title, a finding's message, a name from the user's files) put into Markdown so that it shows
// as written: the hovers the server sends and the client's tooltips both escape it with this one function.

/**
 * Text as Markdown that shows it as written: its Markdown, HTML (`<application ID>`) and theme-icon (`$(…)`)
 * characters escaped, its line breaks kept. Not VS Code's appendText: that turns every space into a non-breaking
 * one, so a long message could only wrap inside a word.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~$]/g, '\\$&').replace(/\r?\n/g, '  \n');
}
