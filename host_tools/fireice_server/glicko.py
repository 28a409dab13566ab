"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012): a rating,
its deviation and its volatility, updated after each rated game as a
rating period of one game.

A handicap counts as HANDICAP_POINTS rating points a peg: in the expected
score, the side that has the extra pegs plays as if that much stronger,
so a handicap game won by the expected side moves the ratings less."""

import math

START_RATING = 1500.0
START_RD = 350.0
START_VOL = 0.06
TAU = 0.5
HANDICAP_POINTS = 100.0
_SCALE = 173.7178
_EPS = 0.000001


def update(rating, rd, vol, results):
    """The new (rating, rd, vol) after a rating period's games: results,
    a list of (opponent's rating, opponent's rd, score 1 / 0.5 / 0), the
    opponents as they were before the period."""
    mu = (rating - 1500.0) / _SCALE
    phi = rd / _SCALE
    inv_v = 0.0
    total = 0.0
    for opp_rating, opp_rd, score in results:
        mu_j = (opp_rating - 1500.0) / _SCALE
        phi_j = opp_rd / _SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j * phi_j / (math.pi * math.pi))
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        inv_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inv_v
    delta = v * total
    sigma = _new_volatility(phi, vol, v, delta)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return 1500.0 + _SCALE * mu_new, _SCALE * phi_new, sigma


def _new_volatility(phi, sigma, v, delta):
    # the Illinois algorithm of step 5
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= _EPS:
            break
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa = fa / 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def game(fire, ice, winner, handicap=0, handicap_side="fire"):
    """New (rating, rd, vol) of Fire and of Ice after a game. fire, ice:
    (rating, rd, vol) before it; winner: 'fire', 'ice' or None (a draw)."""
    bonus = HANDICAP_POINTS * handicap
    f_bonus = bonus if handicap_side == "fire" else -bonus
    score = 0.5 if winner is None else (1.0 if winner == "fire" else 0.0)
    # each side meets the other as it plays with the handicap
    new_fire = update(fire[0] + f_bonus, fire[1], fire[2], [(ice[0], ice[1], score)])
    new_ice = update(ice[0] - f_bonus, ice[1], ice[2], [(fire[0], fire[1], 1.0 - score)])
    return (
        (new_fire[0] - f_bonus, new_fire[1], new_fire[2]),
        (new_ice[0] + f_bonus, new_ice[1], new_ice[2]),
    )
