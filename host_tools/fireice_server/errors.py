"""A refused request, as the service raises it and app.py answers it."""


class ServiceError(Exception):
    """A refused request: status (HTTP), message (the {"error"} text)."""

    def __init__(self, status, message, headers=None):
        Exception.__init__(self, message)
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.extra = {}  # more fields of the {"error"} answer
