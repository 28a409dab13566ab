# USB commands for the game records on flash (fireboard.links_commands loads this for
# one command): games, game, delete.
from fireboard.records_games import ARCHIVE, CURRENT
from fireboard.links_table import CommandError


_PAGE = 16  # names per games reply


def _names(store):
    # every record name, in no order, one at a time
    if store.size(CURRENT) >= 0:
        yield CURRENT
    for n in store.names(ARCHIVE):
        if n.endswith(".txt"):
            yield ARCHIVE + "/" + n


def games(app, arg):
    """games [AFTER]: the game records on flash in name order, game.txt (the
    game being played) first, then games/NNNN.txt; at most 16 a reply, from
    the first name after AFTER. "more": whether names follow (ask again
    after the last). However many games there are, a reply is small."""
    if arg and not _is_name(arg):
        raise CommandError("games [AFTER]: AFTER is a name games gave, not %r" % arg[:60])
    page = []
    more = False
    for n in _names(app.games.store):
        if arg and n <= arg:
            continue
        k = len(page)
        while k and page[k - 1] > n:
            k -= 1
        if k < _PAGE:
            page.insert(k, n)
            if len(page) > _PAGE:
                page.pop()
                more = True
        else:
            more = True
    return {"games": page, "more": more}


def _is_name(arg):
    return arg == CURRENT or (
        arg.startswith(ARCHIVE + "/") and arg.endswith(".txt") and "/" not in arg[6:]
    )


def _named(app, arg):
    if not _is_name(arg) or app.games.store.size(arg) < 0:
        raise CommandError("no game record %r (games lists them)" % arg[:60])
    return arg


def game(app, arg):
    """game NAME: one record's text (a record over 4 KB is no record the
    board wrote: it is refused, and stays on flash)."""
    from fireboard.records_files import read

    name = _named(app, arg)
    return {"name": name, "text": read(app.games.store, name)}


def delete(app, arg):
    name = _named(app, arg)
    if name == CURRENT:
        raise CommandError("game.txt is the game being played; start a new game first")
    app.games.store.remove(name)
    return {"deleted": name}
