# The board's calendar, for the clock command (fireboard.links_cmd_clock) and the
# virtual board's clock (simboard.hw): a date is a day number, the days
# since 2000-01-01, and a time of day its seconds (or ms), so every number
# stays a small int on a Pico (seconds since 2000 would not). Loaded for the
# job and forgotten after: a board in play never holds it.
#
# A clock before FIRST was never set: a Pico's RTC starts at 2021-01-01 at
# power-up, CircuitPython's at 2000-01-01; a board writes no Date with it.
FIRST = 2025
LAST = 2099

_BEFORE = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)  # days before each month
_FORM = "YYYY-MM-DDTHH:MM:SS"


def leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def month_days(y, m):
    if m == 2:
        return 29 if leap(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def day_number(y, m, d):
    """The days from 2000-01-01 to y-m-d (y from 2000 on)."""
    k = y - 2000
    n = 365 * k + (k + 3) // 4 - (k + 99) // 100 + (k + 399) // 400
    n += _BEFORE[m - 1] + d - 1
    if m > 2 and leap(y):
        n += 1
    return n


def date(n):
    """(year, month, day) of day number n (n >= 0)."""
    y = 2000 + n // 366  # never too late; at most a year or two early
    while day_number(y + 1, 1, 1) <= n:
        y += 1
    n -= day_number(y, 1, 1)
    m = 1
    while n >= month_days(y, m):
        n -= month_days(y, m)
        m += 1
    return y, m, n + 1


def weekday(n):
    """0 Monday .. 6 Sunday (2000-01-01 was a Saturday)."""
    return (n + 5) % 7


def fields(day, ms):
    """(year, month, day, hour, minute, second, weekday) of ms after the
    start of day number day (ms may pass a day, or be negative)."""
    day += ms // 86400000
    s = ms % 86400000 // 1000
    y, m, d = date(day)
    return (y, m, d, s // 3600, s // 60 % 60, s % 60, weekday(day))


def parse(text):
    """'2026-11-23T18:05:09' (local time; a space for the T also does) ->
    (day number, seconds of the day). ValueError saying what a clock
    setting is, for anything else or a date outside FIRST..LAST."""
    bad = ValueError(
        "a clock setting is %s (local time, years %d..%d), not %r" % (_FORM, FIRST, LAST, text[:40])
    )
    if len(text) != len(_FORM):
        raise bad
    for k in range(len(_FORM)):
        c = text[k]
        f = _FORM[k]
        if f in "YMDHS" and not ("0" <= c <= "9"):
            raise bad
        if f == "T" and c not in "T ":
            raise bad
        if f in "-:" and c != f:
            raise bad
    y, m, d = int(text[0:4]), int(text[5:7]), int(text[8:10])
    h, mi, s = int(text[11:13]), int(text[14:16]), int(text[17:19])
    if not FIRST <= y <= LAST:
        raise ValueError("the clock's year must be %d..%d, not %d" % (FIRST, LAST, y))
    if not 1 <= m <= 12 or not 1 <= d <= month_days(y, m):
        raise ValueError("%s is no date" % text[:10])
    if h > 23 or mi > 59 or s > 59:
        raise ValueError("%s is no time of day" % text[11:])
    return day_number(y, m, d), 3600 * h + 60 * mi + s


def iso(t):
    """'2026-11-23T18:05:09' of a clock tuple (year, month, day, hour, minute,
    second, ...)."""
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (t[0], t[1], t[2], t[3], t[4], t[5])
