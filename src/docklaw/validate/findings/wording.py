"""The SHACL engine's own wording, which no report may carry (issue 22).

Why: a result's message is the law's words (the shape's sh:message, else its rule's label:
``cite.result_message``). pySHACL writes a default message for a constraint whose shape
declares none ("Value 5 not in list ['false']", "Less than 1 values on ..."); such a message
names neither the section nor the requirement, and reads as if the engine were the authority.
``engine_wording`` finds that wording in any rendered report; the case and example tests run it
on every report in every format.
"""

from __future__ import annotations

import re

#: pySHACL's default result messages (pyshacl/constraints/*), as they begin.
ENGINE_DEFAULTS = tuple(re.compile(p) for p in (
    r"\bValue \S.* not in list\b",
    r"\b(?:Less|More) than \d+ values on\b",
    r"\bValue is not [<>]=? ",
    r"\bValue of \S+->\S+ (?:[<>]=?|==|!=) ",
    r"\bValue does not (?:conform to Shape|have class|match (?:every )?pattern)\b",
    r"\bValue is not (?:Literal with datatype|of Node Kind)\b",
    r"\bValue class is not in classes\b",
    r"\bValue must conform to every Shape\b",
    r"\bNode \S+ must (?:not )?conform to\b",
    r"\bNode \S+ is closed\. It cannot have value\b",
    r"\bNode \S+ value is not a in the set of values\b",
    r"\bdoes not contain a value in the set\b",
    r"\bString length not [<>]= ",  # ("<= 3": no word boundary after the sign)
    r"\bString language is not in\b",
    r"\bMore than one String shares the same Language\b",
    r"\bFocus node does not conform to shapes?\b",
    r"\bgenerated constraint did not return\b",
    r"\bParameterised SHACL Query generated constraint\b",
))
#: All of them in one pattern, searched over the whole text first: a line one of them matches
#: is matched inside the whole text too (its neighbours are line ends, which a \b reads as the
#: text's own ends), so a text it does not match has no such line, and a report (a few
#: thousand lines; the case tests render ~1,000) is read in one pass, not line by line.
ANY_DEFAULT = re.compile("|".join(f"(?:{p.pattern})" for p in ENGINE_DEFAULTS))
#: Words one of which each pattern above contains as written: a text with none of them has
#: none of the wording (a pattern added above must keep one of these, or add its own).
KEYWORDS = ("Value ", "Less than", "More than", "Node ", "does not contain", "String ",
            "Focus node", "generated constraint")


def engine_wording(text: str) -> list[str]:
    """The passages of ``text`` in the engine's default wording (empty when none)."""
    found: list[str] = []
    if not any(word in text for word in KEYWORDS) or ANY_DEFAULT.search(text) is None:
        return found
    for line in text.splitlines():
        if any(p.search(line) for p in ENGINE_DEFAULTS):
            found.append(line.strip()[:300])
    return found
