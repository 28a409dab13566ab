"""Helpers for the tests of the server's clients (fireice remote, fireice bot)."""

import socket

import pytest

from fireice_tools.apiclient import Client

PASSWORD = "a-long-enough-password"


def free_port():
    """A port nobody listens on (bound and let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def new_account(url, name, password=PASSWORD):
    """Make the account; its password."""
    Client(url).request("POST", "/api/account", {"username": name, "password": password})
    return password


def token(url, name, password=PASSWORD):
    return Client(url).request("POST", "/api/token", {"username": name, "password": password})[
        "token"
    ]


@pytest.fixture(scope="module")
def backend():
    """The client tests' server runs on SQLite: they test the client (the
    server's own tests run on PostgreSQL too). A test module takes this in
    place of the server tests' two backends by importing it."""
    return "sqlite"
