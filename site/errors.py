"""Refusals a person can read, shared by every app: the view shows the message and nothing changes."""


class Refused(Exception):
    """An action that was not carried out; `status` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotFound(Refused):
    status = 404


class Forbidden(Refused):
    status = 403


class Conflict(Refused):
    """The match moved on since the player looked (stale board, race, already over)."""

    status = 409
