"""Reading a reply: its new text without the quoted turn email, signatures or client furniture.

Mail clients quote differently: Gmail and Apple Mail put the old message under an "On … wrote:" line
(quoted with ">" in plain text, in a blockquote or a `gmail_quote` div in HTML), Outlook under a rule
and a "From:/Sent:" block, phones add "Sent from my iPhone". Only the first line of the new text counts.
"""

from __future__ import annotations

import re
import unicodedata
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

# A line that opens the quoted message: everything below it is the old mail.
_QUOTE_START = re.compile(
    r"^(-{2,}\s*(original message|urspr.ngliche nachricht|message d'origine)\s*-{2,}|_{8,}|-{8,}|"
    r"(from|de|von|van):\s.*@.*|-- ?)$",
    re.IGNORECASE,
)
# "On Tue, 24 Nov 2026, Daymove <…> wrote:" and its translations (clients may wrap it over two lines).
_ATTRIBUTION_END = re.compile(r"(wrote|schrieb|a écrit|escribió|ha scritto|schreef)\s*:\s*$", re.IGNORECASE)
_ATTRIBUTION_START = re.compile(r"^(on|am|le|el|il|op)\s", re.IGNORECASE)
# What phones and webmail add below the text a person typed.
_CLIENT_SIGNATURE = re.compile(
    r"^(sent from (my )?\S.*|get outlook for \S+|envoyé de mon \S+|von meinem \S+ gesendet)$", re.IGNORECASE
)
_BLOCK_TAGS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"}
_SKIPPED_TAGS = {"style", "script", "head", "title"}
_VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _ReplyText(HTMLParser):
    """The text of an HTML reply above its quoted part (blockquotes, Gmail's quote div, Outlook's rule)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []  # the open tags whose content is left out
        self.done = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        if tag == "hr" or attributes.get("id") in ("divRplyFwdMsg", "appendonsend"):
            self.done = True  # Outlook: the old message follows, not quoted
        if tag in _VOID_TAGS:  # no end tag follows, so nothing to skip up to
            if tag == "br" and not self.skipping:
                self.parts.append("\n")
        elif self.skipping or tag in _SKIPPED_TAGS or tag == "blockquote" or {"gmail_quote", "yahoo_quoted"} & classes:
            self.skipping.append(tag)
        elif tag in _BLOCK_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        elif tag in _BLOCK_TAGS and not self.skipping:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping and not self.done:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """The visible text of an HTML reply above the quoted message, one line per block."""
    parser = _ReplyText()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def body_text(message: EmailMessage) -> str:
    """The reply's text: its plain-text part, else its HTML part made into text."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    content = part.get_content()
    return html_to_text(content) if part.get_content_type() == "text/html" else content


def _clean(line: str) -> str:
    # Phones put no-break and zero-width spaces where people see none.
    return unicodedata.normalize("NFKC", line).replace("\u200b", "").replace("\ufeff", "").strip()


def new_lines(text: str) -> list[str]:
    """The lines of new text in a reply, above the quoted email (quotes, attributions, client signatures left out)."""
    lines = [_clean(line) for line in text.splitlines()]
    found = []
    for index, line in enumerate(lines):
        if not line or line.startswith(">") or _CLIENT_SIGNATURE.match(line):
            continue
        if _QUOTE_START.match(line) or _ATTRIBUTION_END.search(line):
            break
        if _ATTRIBUTION_START.match(line) and any(_ATTRIBUTION_END.search(ln) for ln in lines[index : index + 3]):
            break
        found.append(line)
    return found


def first_line(text: str) -> str | None:
    """The first line of new text in a reply, or None."""
    lines = new_lines(text)
    return lines[0] if lines else None


def sender_of(message: EmailMessage) -> str:
    """The address in the From header, lower-cased ("" if there is none)."""
    return parseaddr(str(message.get("From", "")))[1].strip().lower()


def recipients_of(message: EmailMessage, envelope: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Every address the message was delivered to: the envelope's first, then To, Cc and Delivered-To."""
    headers = [
        str(value) for name in ("To", "Cc", "Delivered-To", "X-Original-To") for value in message.get_all(name, [])
    ]
    found = [address for _, address in getaddresses(headers) if address]
    return [address.strip() for address in [*envelope, *found]]


def is_automatic(message: EmailMessage) -> bool:
    """Whether the message was sent by a program, not typed (RFC 3834 and the common older markers)."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    return (
        auto != "no"
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or any(name in message for name in ("X-Autoreply", "X-Autorespond"))
        or message.get_content_type() == "multipart/report"
    )
