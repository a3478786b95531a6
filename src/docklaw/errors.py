"""Errors a user can act on: each names what is wrong and where."""

from __future__ import annotations


class DocklawError(Exception):
    """Base class; ``exit_code`` is the CLI status and ``http_status`` the web status."""

    exit_code = 1
    http_status = 500

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with every field (line, node, status ...): errors cross from the process
        that ran a limited job (``docklaw.budget``) back to the one answering."""
        return (_rebuild, (type(self), self.args, self.__dict__))


class InputError(DocklawError):
    """Bad input (unparseable file, unknown unit, unknown jurisdiction, bad geometry ...)."""

    exit_code = 2
    http_status = 400

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        node: str | None = None,
        prop: str | None = None,
        jurisdiction: str | None = None,
        source: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.node = node
        self.prop = prop
        self.jurisdiction = jurisdiction
        self.source = source
        if http_status is not None:
            self.http_status = http_status
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: where, then what."""
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.node:
            where.append(f"node {self.node}")
        if self.prop:
            where.append(f"property {self.prop}")
        if self.jurisdiction:
            where.append(f"jurisdiction {self.jurisdiction}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message

    def to_dict(self) -> dict[str, object]:
        return {
            "error": self.message,
            "line": self.line,
            "node": self.node,
            "property": self.prop,
            "jurisdiction": self.jurisdiction,
            "detail": self.describe(),
        }


class DataError(DocklawError):
    """docklaw's own data is broken (a code folder, a shapes file, a cache): refuse to work
    rather than validate against less law than there is. Names the file."""

    exit_code = 3
    http_status = 500

    def __init__(self, message: str, *, source: str | None = None) -> None:
        self.message = message
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)


class PayloadTooLarge(InputError):
    http_status = 413


class UnsupportedMediaType(InputError):
    http_status = 415


class QueryError(DocklawError):
    """A SPARQL query that is malformed or not allowed (update, SERVICE, remote FROM ...)."""

    exit_code = 2
    http_status = 400

    def __init__(self, message: str, *, http_status: int = 400) -> None:
        self.message = message
        self.http_status = http_status
        super().__init__(message)


class QueryTimeout(QueryError):
    def __init__(self, message: str) -> None:
        super().__init__(message, http_status=503)


class ResourceLimit(DocklawError):
    """A job stopped at a server or CLI budget (time, memory): exit 5, HTTP 503.

    Not the input's fault as such and not "incomplete" (exit 4): the same input may pass
    with a larger budget."""

    exit_code = 5
    http_status = 503

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


def _rebuild(cls: type[DocklawError], args: tuple[object, ...],
             fields: dict[str, object]) -> DocklawError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error
