// The <boggle-board> element's public address: blog posts load this file by URL
// (<script type="module" src=".../www/embed.js">), so it stays here and stays small; the
// element itself is www/embed/element.js.
import './embed/element.js';
