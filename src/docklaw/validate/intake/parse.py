"""Bytes -> rdflib Graph, refusing input that is unsafe or unreadable before any parser sees it.

Why a module of its own: rdflib will happily fetch a remote JSON-LD ``@context`` or expand XML
entities; an application upload must never make the server do either. Every refusal is an
``InputError`` naming the line and the reason, so the CLI exits 2 and the web answers 400.
"""

from __future__ import annotations

import json
import re
import xml.sax
from pathlib import PurePath
from types import TracebackType

from rdflib import Graph
from rdflib.plugins.stores.memory import Memory

from docklaw.errors import InputError, PayloadTooLarge, UnsupportedMediaType
from docklaw.validate.intake.fastread import TooManyTriples, read

DEFAULT_MAX_BYTES = 2 * 1024 * 1024
#: Triples one application may hold. The largest shipped example or test case has 164 triples
#: (the Canandaigua case of four docks on a 300-foot parcel, measured), so
#: 20,000 is ~120 times any real application; beyond it the input is refused while parsing
#: (a 0.2 MB Turtle file with a 100,000-item RDF list would otherwise hold 200,000 triples).
DEFAULT_MAX_TRIPLES = 20_000
TOO_DEEP = ("input is nested too deeply to parse (JSON nesting beyond the parser's recursion "
            "limit); flatten it")

#: Our format names -> rdflib parser names.
FORMATS: dict[str, str] = {
    "turtle": "turtle", "ttl": "turtle",
    "nt": "nt", "ntriples": "nt", "n-triples": "nt",
    "json-ld": "json-ld", "jsonld": "json-ld", "json": "json-ld",
    "xml": "xml", "rdfxml": "xml", "rdf/xml": "xml", "rdf": "xml", "owl": "xml",
}
CONTENT_TYPES: dict[str, str] = {
    "text/turtle": "turtle", "application/x-turtle": "turtle",
    "application/n-triples": "nt", "text/plain": "nt",
    "application/ld+json": "json-ld", "application/json": "json-ld",
    "application/rdf+xml": "xml", "application/xml": "xml", "text/xml": "xml",
}
EXTENSIONS: dict[str, str] = {
    ".ttl": "turtle", ".turtle": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json": "json-ld",
    ".rdf": "xml", ".xml": "xml", ".owl": "xml",
}
_XML_DECL = re.compile(r"<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)", re.IGNORECASE)
#: The XML declaration's encoding: what expat would switch to after reading it.
_XML_ENCODING = re.compile(r"""^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']*)["']""")
XML_ENCODINGS = ("utf-8", "utf8", "us-ascii", "ascii")
#: Byte-order marks of the encodings refused (UTF-8's own is accepted and dropped).
WIDE_BOMS: dict[bytes, str] = {
    b"\x00\x00\xfe\xff": "UTF-32", b"\xff\xfe\x00\x00": "UTF-32",
    b"\xfe\xff": "UTF-16", b"\xff\xfe": "UTF-16",
}


def resolve_format(
    fmt: str | None = None, *, content_type: str | None = None, name: str | None = None,
    data: bytes = b"",
) -> str:
    """Pick the rdflib format: explicit name, then content type, then extension, then sniffing."""
    if fmt:
        key = fmt.strip().lower()
        if key not in FORMATS:
            raise UnsupportedMediaType(
                f"unknown format {fmt!r} (use one of turtle, nt, json-ld, xml)", source=name
            )
        return FORMATS[key]
    if content_type:
        media = content_type.split(";")[0].strip().lower()
        if media in CONTENT_TYPES:
            return CONTENT_TYPES[media]
        if media not in ("", "application/octet-stream", "multipart/form-data"):
            raise UnsupportedMediaType(
                f"unsupported content type {media!r} (use text/turtle, application/n-triples, "
                "application/ld+json or application/rdf+xml)", source=name,
            )
    if name:
        ext = PurePath(name).suffix.lower()
        if ext in EXTENSIONS:
            return EXTENSIONS[ext]
    return sniff(data)


def sniff(data: bytes) -> str:
    """Guess from the first non-blank characters; Turtle also reads N-Triples."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:200]
    if head.startswith((b"<?xml", b"<rdf:RDF", b"<RDF", b"<!")):
        return "xml"
    if head.startswith((b"{", b"[")):
        return "json-ld"
    return "turtle"


def decode_utf8(data: bytes, name: str | None) -> str:
    """Decide the encoding before any parser does: text must be UTF-8.

    UTF-16 and UTF-32 are refused with or without a byte-order mark (without one, ASCII
    text in them is full of NUL bytes, which UTF-8 decoding alone would accept while an XML
    parser reads the other encoding: the old DTD guard, looking at bytes, saw nothing).
    Say on which line the first bad byte is."""
    for bom, encoding in WIDE_BOMS.items():
        if data.startswith(bom):
            raise InputError(f"input is {encoding}; only UTF-8 is accepted", line=1,
                             source=name)
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data[:nul].count(b"\n") + 1
        raise InputError(f"input contains a NUL byte (offset {nul}): UTF-16 or UTF-32 "
                         "without a byte-order mark, or binary; only UTF-8 is accepted",
                         line=line, source=name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"input is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            line=line, source=name,
        ) from None


def _remote_contexts(node: object) -> list[str]:
    """Every @context / @import value in a JSON-LD document that is not an inline object."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("@context", "@import"):
                items = value if isinstance(value, list) else [value]
                for item in items:
                    if isinstance(item, str):
                        found.append(item)
                    elif item is not None and not isinstance(item, dict):
                        found.append(repr(item))
            found.extend(_remote_contexts(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_remote_contexts(item))
    return found


def check_jsonld(text: str, name: str | None) -> None:
    """Refuse JSON-LD that would make rdflib fetch a context (remote or file:).

    Deep nesting exhausts the recursive JSON decoder (and the context walk): that is bad
    input (exit 2 / 400), not an internal error."""
    try:
        doc = json.loads(text)
        remote = _remote_contexts(doc)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", line=exc.lineno, source=name) from None
    except RecursionError:
        raise InputError(TOO_DEEP, source=name) from None
    except ValueError as exc:  # an integer beyond Python's digit limit (4,300 digits)
        raise InputError(huge_number(exc), source=name) from None
    if remote:
        raise InputError(
            f"JSON-LD @context must be inline; refusing to load {remote[0]!r}", source=name
        )


_DIGITS = re.compile(r"value has (\d+) digits")


def huge_number(exc: BaseException) -> str:
    """The reason for an integer too long to convert (Python refuses over 4,300 digits)."""
    found = _DIGITS.search(str(exc))
    digits = f" of {found.group(1)} digits" if found else ""
    return (f"a number{digits} is not a measurement (numbers are read up to 4,300 digits); "
            "give the value itself")


def check_xml(text: str, name: str | None) -> None:
    """Refuse RDF/XML with a DTD (DOCTYPE, ENTITY ... : entity expansion, external fetches)
    or declaring an encoding other than UTF-8.

    ``text`` is the decoded document (``decode_utf8``), and the parser is given exactly its
    UTF-8 bytes: the text checked is the text parsed, whatever the bytes looked like."""
    declared = _XML_ENCODING.match(text)
    if declared and declared.group(1).strip().lower() not in XML_ENCODINGS:
        raise InputError(f"RDF/XML declares encoding {declared.group(1)!r}; only UTF-8 is "
                         "accepted", line=1, source=name)
    match = _XML_DECL.search(text)
    if match:
        line = text[: match.start()].count("\n") + 1
        raise InputError(
            f"RDF/XML with a <!{match.group(1).upper()}> declaration (a DTD) is not accepted",
            line=line, source=name,
        )


class CappedMemory(Memory):
    """The in-memory store, refusing more than ``cap`` added triples while a parser fills it.

    Why in the store: every rdflib parser (Turtle, N-Triples, JSON-LD, RDF/XML) ends in
    ``store.add``, so a huge input stops at the cap instead of being parsed in full first."""

    def __init__(self, cap: int | None) -> None:
        super().__init__()
        self.cap = cap
        self.added = 0

    def add(self, triple, context, quoted=False):  # type: ignore[no-untyped-def]
        if self.cap is not None:
            self.added += 1
            if self.added > self.cap:
                raise TooManyTriples
        return super().add(triple, context, quoted)


def parse(
    data: bytes, fmt: str | None = None, name: str = "<input>", *,
    content_type: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
    max_triples: int | None = DEFAULT_MAX_TRIPLES,
) -> Graph:
    """Parse one application; raise InputError (line, reason) on anything unreadable or unsafe.

    ``max_triples`` (None: no cap) refuses larger inputs with PayloadTooLarge (413 on the web)."""
    if not isinstance(data, bytes | bytearray):
        raise InputError("input must be bytes", source=name)
    data = bytes(data)
    if len(data) > max_bytes:
        raise PayloadTooLarge(
            f"input is {len(data)} bytes; the limit is {max_bytes} bytes", source=name
        )
    if not data.strip():
        raise InputError("input is empty", source=name)
    rdf_format = resolve_format(fmt, content_type=content_type, name=name, data=data)
    text = decode_utf8(data, name)
    if rdf_format == "xml":
        check_xml(text, name)
        data = text.encode("utf-8")  # what was checked, without a BOM
    elif rdf_format == "json-ld":
        check_jsonld(text, name)
    store = CappedMemory(max_triples)
    graph = Graph(store=store)
    try:
        if rdf_format == "xml":
            graph.parse(data=data, format="xml", publicID=_public_id(name))
        elif (fast := read(data, rdf_format, _public_id(name), max_triples)) is not None:
            graph = fast  # Oxigraph's parser read it as rdflib's would (intake.fastread)
        else:
            graph.parse(data=text, format=rdf_format, publicID=_public_id(name))
    except InputError:
        raise
    except TooManyTriples:
        raise PayloadTooLarge(
            f"input has more than {max_triples} triples (refused while parsing); the limit "
            f"is {max_triples} triples per application", source=name,
        ) from None
    except Exception as exc:  # every parser has its own exception types
        line, reason = _describe_parse_error(exc, text, rdf_format)
        raise InputError(
            f"cannot parse as {rdf_format}: {reason}", line=line, source=name
        ) from None
    store.cap = None  # later additions (by a caller) are not parsing
    if len(graph) == 0:
        raise InputError(f"no triples found (parsed as {rdf_format})", source=name)
    return graph


#: Base of every uploaded file's relative IRIs: hierarchical, so ``<a>`` and ``<../b>``
#: resolve as well as ``<#dock>`` (a ``urn:`` base made ``<a>`` a parse error), and on the
#: reserved ``.invalid`` domain (RFC 6761), so it names nothing real and never the cwd.
INPUT_BASE = "https://input.docklaw.invalid/"


def _public_id(name: str | None) -> str:
    """Base IRI for relative IRIs (``<#dock>``, ``<a>``) in a file; stable, never the cwd."""
    clean = re.sub(r"[^A-Za-z0-9._-]+", "-", PurePath(name or "input").name) or "input"
    return f"{INPUT_BASE}{clean}"


def _describe_parse_error(
    exc: Exception, text: str, rdf_format: str = "turtle"
) -> tuple[int | None, str]:
    """Line number (1-based) and a short reason from whichever parser failed."""
    from rdflib.plugins.parsers.notation3 import BadSyntax

    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        position = _n3_position(exc.__traceback__) if rdf_format == "turtle" else None
        return (position[0][: position[1]].count("\n") + 1 if position else None,
                huge_number(exc))
    if rdf_format == "turtle" and not isinstance(exc, BadSyntax | RecursionError | IndexError):
        position = _n3_position(exc.__traceback__)
        if position is not None:
            argstr, index = position
            line = argstr[:index].count("\n") + 1
            if isinstance(exc, AttributeError) and "newUniversal" in str(exc):
                token = re.match(r"\?\w*", argstr[max(argstr.rfind("?", 0, index + 1), 0):])
                found = f" (found {token.group(0)!r})" if token and token.group(0) else ""
                return line, f"variables are not allowed in Turtle{found}; give an IRI, " \
                             "a blank node or a literal"
            return line, _first_line(exc)
    if isinstance(exc, BadSyntax):
        why = getattr(exc, "_why", str(exc))
        return exc.lines + 1, str(why)
    if isinstance(exc, xml.sax.SAXParseException):
        return exc.getLineNumber(), exc.getMessage()
    if isinstance(exc, json.JSONDecodeError):
        return exc.lineno, exc.msg
    if isinstance(exc, IndexError):  # the Turtle parser runs off the end of a truncated file
        return len(text.splitlines()) or 1, "unexpected end of input (statement not finished)"
    message = _first_line(exc)
    if rdf_format == "nt":
        return _ntriples_error_line(text), message[:300]
    return None, message[:300]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _n3_position(tb: TracebackType | None) -> tuple[str, int] | None:
    """(document, index) where rdflib's Turtle parser was when it failed, from its innermost
    frame that has them: errors that are not BadSyntax (e.g. an N3 variable ``?o``, whose
    handler dereferences a None formula in Turtle mode) carry no position of their own."""
    found: tuple[str, int] | None = None
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename.endswith("notation3.py"):
            argstr, index = frame.f_locals.get("argstr"), frame.f_locals.get("i")
            if isinstance(argstr, str) and isinstance(index, int) and 0 <= index <= len(argstr):
                found = (argstr, index)
        tb = tb.tb_next
    return found


def _ntriples_error_line(text: str) -> int | None:
    """The first line that does not parse on its own (the N-Triples parser reports the rest of
    the bad line, not its number). N-Triples has one statement per line, so this is exact."""
    from rdflib.plugins.parsers.ntriples import W3CNTriplesParser

    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if not line.strip():
            continue
        try:
            W3CNTriplesParser(sink=_NullSink()).parsestring(line + "\n")  # type: ignore[arg-type]
        except Exception:  # whatever the parser raises marks the line
            return number
    return None


class _NullSink:
    """Discards triples (rdflib's DummySink prints them)."""

    def triple(self, s: object, p: object, o: object) -> None:
        return None
