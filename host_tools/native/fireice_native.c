/* The native core of the host engine: the two-player rules on bitboards and
 * the engine (playouts, proof search, MCTS-Solver tree) in C.
 *
 * It mirrors firmware/fireice (duel.py, danger.py, engine*.py) step by step:
 * the same legal-move order, the same random numbers (Wichmann-Hill), the
 * same integer arithmetic, so that at one thread it plays exactly the moves
 * of the Python engine for the same seed (tests/host/test_native.py checks
 * it). docs/engine.md, "The native core", describes it.
 *
 * Where it must follow the Python engine: win_move (danger.py), gift and
 * prior (engine_opinions.py), below (the random numbers), playout and
 * wins (engine_playout.py), expand, select and prove_up (engine_tree.py),
 * iterate (engine_descent.py), think, finish, human, pv and the win chance
 * it reports, chance (engine.py). A change there needs the same change here.
 *
 * A position comes from Python as bytes; every one is checked before the
 * search sees it (check_state), so a malformed one raises ValueError.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NH 49
#define PEGS 25
#define DRAW 3
#define PATH 52
#define MAXDEPTH 15 /* proof plies */
#define MAXTHREADS 64
#define SMALL 32000
#define ROOT 301
#define PROOF_NODES 40
#define FULL ((1ULL << NH) - 1)

/* ---- tables ---- */

static const uint8_t LINES[7] = {0x13, 0x45, 0x70, 0x29, 0x1C, 0x4A, 0x26};
static uint8_t LINE_OF[128];  /* 0, or 1 + index of the first line in LINES */
static uint8_t TARGETS[NH][12];  /* as fireice.geom.TARGETS */
static uint64_t DEST[NH];        /* the same as masks */
/* fireice.engine_tables' square-root tables, the same values (worked out
 * in integers here; the tests compare them) */
static uint16_t SQL[352]; /* int(1024 * 0.75 * sqrt(x / 16)) = isqrt(36864 x) */
static uint16_t RSQ[256]; /* int(1024 / sqrt(n)), RSQ[0] = 1024 */
static uint64_t ZK[NH][3];  /* Zobrist keys: a peg of a side on a hole */
static uint64_t ZSIDE[3];   /* and the side to move */

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void init_tables(void) {
    for (int m = 0; m < 128; m++) {
        LINE_OF[m] = 0;
        for (int k = 0; k < 7; k++)
            if ((m & LINES[k]) == LINES[k]) {
                LINE_OF[m] = (uint8_t)(k + 1);
                break;
            }
    }
    for (int h = 0; h < NH; h++) {
        int i = h / 7, p = h % 7, n = 0;
        DEST[h] = 0;
        for (int q = 0; q < 7; q++)
            if (q != p) TARGETS[h][n++] = (uint8_t)(7 * i + q);
        for (int j = 0; j < 7; j++)
            if (j != i) TARGETS[h][n++] = (uint8_t)(7 * j + p);
        for (int k = 0; k < 12; k++) DEST[h] |= 1ULL << TARGETS[h][k];
    }
    for (uint64_t x = 0; x < 352; x++) {
        uint64_t r = 0;
        while ((r + 1) * (r + 1) <= 36864 * x) r++;
        SQL[x] = (uint16_t)r;
    }
    /* RSQ[n] = int(1024 / sqrt(n)), exactly: the largest r with r*r*n <= 2**20 */
    uint64_t zs = 30;
    for (int h = 0; h < NH; h++)
        for (int c = 0; c < 3; c++) ZK[h][c] = c ? splitmix(&zs) : 0;
    for (int c = 0; c < 3; c++) ZSIDE[c] = splitmix(&zs);
    RSQ[0] = 1024;
    for (int n = 1; n < 256; n++) {
        uint64_t r = 1024;
        while (r * r * (uint64_t)n > (1ULL << 20)) r--;
        RSQ[n] = (uint16_t)r;
    }
}

/* ---- the game ---- */

typedef struct {
    uint64_t bb[3];      /* [0] every peg, [1] Fire's, [2] Ice's */
    uint8_t cells[NH];   /* 0 empty, 1 Fire, 2 Ice */
    uint8_t pm[3][7];    /* pm[s][p]: islands with s's peg at position p (0: any) */
    uint8_t count[3];    /* pegs on the board */
    uint8_t ctrl[3];     /* islands controlled */
    uint8_t pegs[2 * PEGS]; /* Fire's holes at 0.., Ice's at 25.., in Duel's order */
    uint8_t slot[NH];    /* each peg's index in pegs */
    uint8_t to_move, result, ply;
    uint64_t key;        /* Zobrist hash of the pegs (the solver's table) */
} G;

#define IM(g, s, i) ((int)(((g)->bb[s] >> (7 * (i))) & 0x7F))

static int can_move(const G *g, int side) {
    if (g->count[3 - side] >= PEGS) return 0;
    for (int i = 0; i < 7; i++)
        if (IM(g, side, i) && IM(g, 0, i) != 0x7F) return 1;
    for (int p = 0; p < 7; p++)
        if (g->pm[side][p] && g->pm[0][p] != 0x7F) return 1;
    return 0;
}

static void settle(G *g, int s, int o) {
    if (LINE_OF[g->ctrl[1]])
        g->result = 1;
    else if (LINE_OF[g->ctrl[2]])
        g->result = 2;
    else if (can_move(g, o)) {
        g->result = 0;
        g->to_move = (uint8_t)o;
        return;
    } else if (can_move(g, s)) {
        g->result = 0;
        g->to_move = (uint8_t)s;
        return;
    } else
        g->result = DRAW;
    g->to_move = 0;
}

static void control_of(G *g, int x) {
    int b = 1 << x;
    for (int s = 1; s <= 2; s++) {
        if (LINE_OF[IM(g, s, x)])
            g->ctrl[s] |= (uint8_t)b;
        else
            g->ctrl[s] &= (uint8_t)(0x7F ^ b);
    }
}

/* Duel.push: the peg on frm moves to to, the opponent's fills frm. The move
 * must be legal (callers check it, or take it from the generator). */
static void push(G *g, int frm, int to) {
    int s = g->cells[frm], o = 3 - s;
    int i = frm / 7, p = frm - 7 * i, j = to / 7, q = to - 7 * j;
    uint64_t bf = 1ULL << frm, bt = 1ULL << to;
    g->cells[to] = (uint8_t)s;
    g->cells[frm] = (uint8_t)o;
    g->key ^= ZK[frm][s] ^ ZK[to][s] ^ ZK[frm][o];
    g->bb[0] |= bt;
    g->bb[s] ^= bf | bt;
    g->bb[o] |= bf;
    g->pm[0][q] |= (uint8_t)(1 << j);
    g->pm[s][p] &= (uint8_t)(0x7F ^ (1 << i));
    g->pm[s][q] |= (uint8_t)(1 << j);
    g->pm[o][p] |= (uint8_t)(1 << i);
    g->count[o]++;
    int k = g->slot[frm];
    g->pegs[k] = (uint8_t)to;
    g->slot[to] = (uint8_t)k;
    k = PEGS * (o - 1) + g->count[o] - 1;
    g->pegs[k] = (uint8_t)frm;
    g->slot[frm] = (uint8_t)k;
    g->ply++;
    control_of(g, i);
    if (j != i) control_of(g, j);
    settle(g, s, o);
}

/* masks, control, peg slots and result from cells and the peg lists
 * (which must be consistent: check_state) */
static void derive(G *g) {
    g->bb[0] = g->bb[1] = g->bb[2] = 0;
    g->key = 0;
    memset(g->pm, 0, sizeof g->pm);
    for (int h = 0; h < NH; h++) {
        int s = g->cells[h];
        if (!s) continue;
        g->key ^= ZK[h][s];
        g->bb[0] |= 1ULL << h;
        g->bb[s] |= 1ULL << h;
        g->pm[0][h % 7] |= (uint8_t)(1 << (h / 7));
        g->pm[s][h % 7] |= (uint8_t)(1 << (h / 7));
    }
    g->ctrl[0] = 0;
    g->ctrl[1] = g->ctrl[2] = 0;
    for (int x = 0; x < 7; x++) control_of(g, x);
    for (int s = 1; s <= 2; s++)
        for (int k = 0; k < g->count[s]; k++) g->slot[g->pegs[PEGS * (s - 1) + k]] = (uint8_t)(PEGS * (s - 1) + k);
}

/* A position from 49 cells, to_move to play, as the Duel constructor makes
 * it (pegs listed in hole order; forced passes and a decided game applied).
 * Returns an error message or NULL. */
static const char *g_setup(G *g, const uint8_t *cells, int to_move) {
    memset(g, 0, sizeof *g);
    if (to_move != 1 && to_move != 2) return "to_move must be 1 (fire) or 2 (ice)";
    for (int h = 0; h < NH; h++) {
        int s = cells[h];
        if (s > 2) return "a hole holds 0, 1 or 2";
        g->cells[h] = (uint8_t)s;
        if (s) {
            if (g->count[s] >= PEGS) return "a side has only 25 pegs";
            g->pegs[PEGS * (s - 1) + g->count[s]++] = (uint8_t)h;
        }
    }
    derive(g);
    settle(g, 3 - to_move, to_move);
    return NULL;
}

/* A running or finished Duel's state as Python holds it: cells, the peg
 * lists, counts, to_move and result must agree, or the search could loop. */
static const char *check_state(G *g, const uint8_t *cells, const uint8_t *pegs, int c1, int c2,
                               int to_move, int result, int ply) {
    memset(g, 0, sizeof *g);
    if (c1 < 0 || c1 > PEGS || c2 < 0 || c2 > PEGS) return "a side has 0 to 25 pegs on the board";
    if (to_move < 0 || to_move > 2 || result < 0 || result > 3) return "to_move is 0..2, result 0..3";
    if (ply < 0 || ply > 49) return "ply is 0..49";
    int n[3] = {0, 0, 0};
    for (int h = 0; h < NH; h++) {
        if (cells[h] > 2) return "a hole holds 0, 1 or 2";
        g->cells[h] = cells[h];
        n[cells[h]]++;
    }
    if (n[1] != c1 || n[2] != c2) return "the counts do not match the cells";
    g->count[1] = (uint8_t)c1;
    g->count[2] = (uint8_t)c2;
    uint64_t seen = 0;
    for (int s = 1; s <= 2; s++)
        for (int k = 0; k < g->count[s]; k++) {
            int h = pegs[PEGS * (s - 1) + k];
            if (h >= NH || cells[h] != s || (seen >> h & 1)) return "the peg lists do not match the cells";
            seen |= 1ULL << h;
            g->pegs[PEGS * (s - 1) + k] = (uint8_t)h;
        }
    derive(g);
    g->ply = (uint8_t)ply;
    /* the result and the turn must be what the rules say */
    int want = LINE_OF[g->ctrl[1]] ? 1 : LINE_OF[g->ctrl[2]] ? 2 : 0;
    if (want) {
        if (result != want || to_move) return "the result does not match the position";
    } else if (result == DRAW) {
        if (to_move || can_move(g, 1) || can_move(g, 2)) return "a draw while a side can move";
    } else if (result || !to_move || !can_move(g, to_move))
        return "the side to move cannot move, or the result is wrong";
    g->to_move = (uint8_t)to_move;
    g->result = (uint8_t)result;
    return NULL;
}

/* ---- move opinions (danger.win_move, engine_opinions) ---- */

static int win_move(const G *g, int s) {
    int cs = g->ctrl[s];
    for (int c = 0; c < 7; c++) {
        int bc = 1 << c;
        if ((cs & bc) || !LINE_OF[cs | bc]) continue;
        int e = 0x7F ^ IM(g, 0, c);
        int ms = IM(g, s, c);
        for (int q = 0; q < 7; q++) {
            int bq = 1 << q;
            if (!(e & bq) || !LINE_OF[ms | bq]) continue;
            for (int p = 0; p < 7; p++) {
                int bp = 1 << p;
                if ((ms & bp) && LINE_OF[(ms ^ bp) | bq]) return (7 * c + p) * 64 + 7 * c + q;
            }
            int isl = g->pm[s][q];
            for (int i = 0; i < 7; i++) {
                int bi = 1 << i;
                if (isl & bi) {
                    int cc = cs | bc;
                    if ((cs & bi) && !LINE_OF[IM(g, s, i) ^ bq]) cc ^= bi;
                    if (LINE_OF[cc]) return (7 * i + q) * 64 + 7 * c + q;
                }
            }
        }
    }
    return -1;
}

static int gift(const G *g, int frm, int o) {
    int i = frm / 7, bi = 1 << i, co = g->ctrl[o];
    if ((co & bi) || !LINE_OF[co | bi]) return 0;
    return LINE_OF[IM(g, o, i) | (1 << (frm - 7 * i))] != 0;
}

static int prior(const G *g, int frm, int to, int s, int fill) {
    int o = 3 - s;
    int i = frm / 7, p = frm - 7 * i, j = to / 7, q = to - 7 * j;
    int bp = 1 << p, bq = 1 << q, bi = 1 << i, bj = 1 << j;
    int cs = g->ctrl[s], co = g->ctrl[o];
    int v = 64;
    int ms = IM(g, s, j);
    int occ = IM(g, 0, j) | bq;
    if (i == j) ms ^= bp;
    ms |= bq;
    if (!(cs & bj) && LINE_OF[ms]) {
        v += 50;
        if (LINE_OF[cs | bj]) v += 60;
    }
    if (i != j && (cs & bi) && !LINE_OF[IM(g, s, i) ^ bp]) v -= 40;
    int mo = IM(g, o, i) | bp;
    if (fill && !(co & bi) && LINE_OF[mo]) {
        v -= 40;
        if (LINE_OF[co | bi]) return 1;
    }
    if (!(co & bj) && LINE_OF[IM(g, o, j) | bq]) {
        v += 30;
        if (LINE_OF[co | bj]) v += 60;
    }
    for (int k = 0; k < 7; k++) {
        int ln = LINES[k];
        if (ln & bq) {
            int x = ms & ln;
            if (x != bq && x != ln && !(occ & (ln ^ x))) v += 8;
        }
    }
    return v < 1 ? 1 : v > 255 ? 255 : v;
}

/* legal moves in the order of fireice.moves.legal_moves, as byte pairs */
static int legal_moves(const G *g, uint8_t *buf) {
    int s = g->to_move, n = 0;
    if (!s) return 0;
    int b = PEGS * (s - 1);
    for (int k = b; k < b + g->count[s]; k++) {
        int h = g->pegs[k];
        for (int t = 0; t < 12; t++) {
            int x = TARGETS[h][t];
            if (!g->cells[x]) {
                buf[n++] = (uint8_t)h;
                buf[n++] = (uint8_t)x;
            }
        }
    }
    return n >> 1;
}

/* ---- perft ---- */

static unsigned long long perft(const G *g, int d) {
    if (g->result) return d == 0;
    if (d == 0) return 1;
    int s = g->to_move;
    uint64_t own = g->bb[s], empty = ~g->bb[0] & FULL;
    unsigned long long total = 0;
    while (own) {
        int h = __builtin_ctzll(own);
        own &= own - 1;
        uint64_t to = DEST[h] & empty;
        if (d == 1) {
            total += (unsigned long long)__builtin_popcountll(to);
            continue;
        }
        while (to) {
            int t = __builtin_ctzll(to);
            to &= to - 1;
            G c = *g;
            push(&c, h, t);
            total += perft(&c, d - 1);
        }
    }
    return total;
}

/* ---- the engine ---- */

typedef struct {
    int level, playouts, depth, care, grow;
} Params;

/* One tree and what one thread needs to grow it. */
typedef struct {
    const Params *P;
    int cap, used, most;
    uint16_t *mv;
    int32_t *kid;
    uint16_t *nk;
    int32_t *vis, *win;
    uint8_t *prf, *pri;
    int r1, r2, r3;
    int path[PATH];
    uint8_t side[PATH];
    uint8_t buf[600];
    /* one search */
    G root;
    long budget, done;
    int ms;
    double t0;
    volatile int *stop;
} Tree;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void seed_rng(Tree *t, long long seed) {
    seed &= 0x3FFFFFFF;
    t->r1 = (int)(1 + seed % 30268);
    t->r2 = (int)(1 + (seed / 30268 + 7919 * (seed % 101)) % 30306);
    t->r3 = (int)(1 + (seed / 917 + 104729 % 30322 * (seed % 7)) % 30322);
}

static int below(Tree *t, int n) {
    int a = 171 * t->r1 % 30269, b = 172 * t->r2 % 30307, c = 170 * t->r3 % 30323;
    t->r1 = a;
    t->r2 = b;
    t->r3 = c;
    return (a + b + c) % n;
}

static int tree_alloc(Tree *t, const Params *P, int cap) {
    memset(t, 0, sizeof *t);
    t->P = P;
    t->cap = cap;
    t->most = cap > 65535 ? 1 << 29 : SMALL;
    t->mv = calloc((size_t)cap, sizeof *t->mv);
    t->kid = calloc((size_t)cap, sizeof *t->kid);
    t->nk = calloc((size_t)cap, sizeof *t->nk);
    t->vis = calloc((size_t)cap, sizeof *t->vis);
    t->win = calloc((size_t)cap, sizeof *t->win);
    t->prf = calloc((size_t)cap, 1);
    t->pri = calloc((size_t)cap, 1);
    return t->mv && t->kid && t->nk && t->vis && t->win && t->prf && t->pri;
}

static void tree_free(Tree *t) {
    free(t->mv);
    free(t->kid);
    free(t->nk);
    free(t->vis);
    free(t->win);
    free(t->prf);
    free(t->pri);
    memset(t, 0, sizeof *t);
}

static int playout(Tree *t, const G *from) {
    if (from->result) return from->result;
    G g = *from;
    while (!g.result) {
        int s = g.to_move;
        int mv = win_move(&g, s);
        if (mv < 0) {
            int n = 12 * g.count[s], b = PEGS * (s - 1), o = 3 - s, tries = 0;
            for (;;) {
                int r = below(t, n), k = r / 12, h = g.pegs[b + k];
                int x = TARGETS[h][r - 12 * k];
                if (!g.cells[x]) {
                    mv = h * 64 + x;
                    tries++;
                    if (tries > 4 || !gift(&g, h, o)) break;
                }
            }
        }
        push(&g, mv >> 6, mv & 63);
    }
    return g.result;
}

static int expand(Tree *t, const G *g, int k) {
    int n = legal_moves(g, t->buf);
    int first = t->used;
    if (first + n > t->cap) return 0;
    int s = g->to_move, fill = t->P->care >= 100;
    for (int c = 0; c < n; c++) {
        int frm = t->buf[2 * c], to = t->buf[2 * c + 1];
        int v = prior(g, frm, to, s, fill);
        int x = first + c;
        while (x > first && t->pri[x - 1] < v) {
            t->mv[x] = t->mv[x - 1];
            t->pri[x] = t->pri[x - 1];
            x--;
        }
        t->mv[x] = (uint16_t)(frm * 64 + to);
        t->pri[x] = (uint8_t)v;
    }
    for (int c = first; c < first + n; c++) {
        t->kid[c] = 0;
        t->nk[c] = 0;
        t->vis[c] = 0;
        t->win[c] = 0;
        t->prf[c] = 0;
    }
    t->kid[k] = first;
    t->nk[k] = (uint16_t)n;
    t->used = first + n;
    return 1;
}

static int log2i(int x) {
    int e = 0;
    while (x > 1) {
        x >>= 1;
        e++;
    }
    return e;
}

static int select_child(Tree *t, int k, int s) {
    int nv = t->vis[k] + 1;
    int e = log2i(nv);
    long long lnx = ((16LL * e + (((long long)nv << 4) >> e) - 16) * 177) >> 8;
    if (lnx > 351) lnx = 351;
    int sl = SQL[lnx];
    int best = -1, bv = -1;
    int first = t->kid[k];
    for (int c = first; c < first + t->nk[k]; c++) {
        int pr = t->prf[c], v;
        if (pr) {
            if (pr == s) return c;
            if (pr != DRAW) continue;
            v = 512;
        } else {
            int n = t->vis[c];
            if (n == 0)
                v = 256 + t->pri[c] * 2 + (sl >> 1);
            else {
                int r = n < 256 ? RSQ[n] : n < 65536 ? RSQ[n >> 8] >> 4 : 1;
                v = (int)((long long)t->win[c] * 512 / n) + ((sl * r) >> 10) + t->pri[c] * 4 / (n + 1);
            }
        }
        if (v > bv) {
            bv = v;
            best = c;
        }
    }
    return best;
}

static void prove_up(Tree *t, int depth) {
    for (int d = depth - 1; d >= 0; d--) {
        int c = t->path[d], p = d ? t->path[d - 1] : 0, s = t->side[d], r = t->prf[c];
        if (r == s)
            t->prf[p] = (uint8_t)s;
        else {
            int best = 0, first = t->kid[p];
            for (int x = first; x < first + t->nk[p]; x++) {
                int rx = t->prf[x];
                if (!rx) return;
                if (rx == s) {
                    best = s;
                    break;
                }
                if (rx == DRAW)
                    best = DRAW;
                else if (!best)
                    best = rx;
            }
            t->prf[p] = (uint8_t)best;
        }
    }
}

static int iterate(Tree *t) {
    G g = t->root;
    int k = 0, depth = 0, r = 0, proved = 0;
    const Params *P = t->P;
    for (;;) {
        if (t->prf[k]) {
            r = t->prf[k];
            break;
        }
        if (k && t->vis[k] == 0) {
            int look = P->care >= 100 || below(t, 100) < P->care;
            r = g.result;
            if (r) {
                if (look || r == t->side[depth - 1]) {
                    t->prf[k] = (uint8_t)r;
                    proved = 1;
                }
                break;
            }
            int s = g.to_move;
            if (look && win_move(&g, s) >= 0) {
                t->prf[k] = (uint8_t)s;
                r = s;
                proved = 1;
                break;
            }
            r = playout(t, &g);
            break;
        }
        r = g.result;
        if (r) break;
        if (t->nk[k] == 0) {
            if (t->vis[k] < P->grow || !expand(t, &g, k)) {
                r = playout(t, &g);
                break;
            }
        }
        int s = g.to_move;
        int c = select_child(t, k, s);
        if (c < 0) {
            r = 3 - s;
            break;
        }
        int m = t->mv[c];
        push(&g, m >> 6, m & 63);
        t->path[depth] = c;
        t->side[depth] = (uint8_t)s;
        depth++;
        k = c;
    }
    t->vis[0]++;
    for (int d = 0; d < depth; d++) {
        int c = t->path[d];
        t->vis[c]++;
        if (r == t->side[d])
            t->win[c] += 2;
        else if (r == DRAW)
            t->win[c] += 1;
    }
    if (proved) prove_up(t, depth);
    return r;
}

/* the tree's search after the root has been expanded: budget descents,
 * or until the root is proven, stopped or out of time */
static void *grow_tree(void *arg) {
    Tree *t = arg;
    long n = 0;
    while (n < t->budget && !t->prf[0] && !*t->stop) {
        iterate(t);
        n++;
        if (t->ms && !(n & 7) && now_ms() - t->t0 >= t->ms) break;
    }
    t->done = n;
    return NULL;
}

/* the proof search (Engine.prove, Engine._wins) */
typedef struct {
    long pnodes, plimit;
    int proot, pmove, ms;
    double t0;
    volatile int *stop;
} Proof;

static int wins(Proof *pf, const G *g, int d, int s) {
    int t = g->to_move;
    if (t == s) {
        if (win_move(g, s) >= 0) return 1;
        if (d < 3) return 0;
    } else if (d < 2 || win_move(g, t) >= 0)
        return 0;
    if (pf->pnodes >= pf->plimit) return 0;
    if (t != s && !(pf->pnodes & 63)) {
        if (*pf->stop || (pf->ms && now_ms() - pf->t0 > pf->ms / 3)) {
            pf->plimit = 0;
            return 0;
        }
    }
    uint8_t buf[600];
    int n = legal_moves(g, buf), o = 3 - t;
    for (int k = 0; k < n; k++) {
        int frm = buf[2 * k], to = buf[2 * k + 1];
        if (gift(g, frm, o)) continue;
        pf->pnodes++;
        G c = *g;
        push(&c, frm, to);
        int r = c.result;
        int ok = r ? r == s : wins(pf, &c, d - 1, s);
        if (ok == (t == s)) {
            if (ok && d == pf->proot) pf->pmove = frm * 64 + to;
            return ok;
        }
    }
    return t != s;
}

static int prove(Proof *pf, const G *g, int depth, long limit) {
    pf->pnodes = 0;
    pf->plimit = limit;
    pf->proot = depth;
    pf->pmove = -1;
    int s = g->to_move;
    if (!s) return -1;
    int mv = win_move(g, s);
    if (mv >= 0) return mv;
    if (depth > MAXDEPTH) depth = pf->proot = MAXDEPTH;
    if (wins(pf, g, depth, s) && pf->pnodes < limit) return pf->pmove;
    return -1;
}

/* ---- the exact endgame solver ---- */

/* Does the side to move win, lose or draw within d plies, whatever is
 * played? A depth-first search, deepened a ply at a time, with a
 * transposition table keyed by the Zobrist hash of the pegs and the side to
 * move. Values for the side to move: 1 win, -1 loss, 0 draw, UNK not decided
 * within the depth. A decided value found with depth d holds for any
 * depth >= d; an UNK found with depth d for any depth <= d. */
#define UNK 2
#define TT_BITS 18

typedef struct {
    uint64_t key;
    int8_t val;
    uint8_t depth;
    uint16_t move;
} Entry;

typedef struct {
    Entry *tt;
    long long nodes, limit;
    double t0;
    int ms, aborted;
    volatile int *stop;
} Solver;

static int solve(Solver *sv, const G *g, int d, int *best) {
    if (++sv->nodes > sv->limit ||
        (!(sv->nodes & 1023) && (*sv->stop || (sv->ms && now_ms() - sv->t0 > sv->ms)))) {
        sv->aborted = 1;
        return UNK;
    }
    int s = g->to_move;
    int w = win_move(g, s);
    if (w >= 0) {
        *best = w;
        return 1;
    }
    if (d < 1) return UNK;
    uint64_t key = g->key ^ ZSIDE[s];
    Entry *e = &sv->tt[key & ((1u << TT_BITS) - 1)];
    int first = -1;
    if (e->key == key) {
        if (e->val != UNK && e->depth <= d) {
            *best = e->move;
            return e->val;
        }
        if (e->val == UNK && e->depth >= d) return UNK;
        first = e->move;
    }
    uint8_t buf[600];
    int n = legal_moves(g, buf), unk = 0, draw = -1, any = -1;
    /* the table's move first */
    for (int k = 0; k < n && first >= 0; k++)
        if (buf[2 * k] * 64 + buf[2 * k + 1] == first) {
            buf[2 * k] = buf[0];
            buf[2 * k + 1] = buf[1];
            buf[0] = (uint8_t)(first >> 6);
            buf[1] = (uint8_t)(first & 63);
            break;
        }
    int val = UNK, bm = -1;
    for (int k = 0; k < n; k++) {
        int m = buf[2 * k] * 64 + buf[2 * k + 1], v;
        G c = *g;
        push(&c, m >> 6, m & 63);
        if (c.result)
            v = c.result == s ? 1 : c.result == DRAW ? 0 : -1;
        else if (d == 1)
            v = UNK;
        else {
            int cb;
            v = solve(sv, &c, d - 1, &cb);
            if (v != UNK && c.to_move != s) v = -v;
        }
        if (sv->aborted) return UNK;
        if (v == 1) {
            val = 1;
            bm = m;
            break;
        }
        if (v == UNK)
            unk = 1;
        else if (v == 0)
            draw = m;
        if (any < 0 || v == UNK) any = m;
    }
    if (val != 1) {
        val = unk ? UNK : draw >= 0 ? 0 : -1;
        bm = val == 0 ? draw : any;
    }
    e->key = key;
    e->val = (int8_t)val;
    e->depth = (uint8_t)d;
    e->move = (uint16_t)(bm < 0 ? 0 : bm);
    *best = bm;
    return val;
}

/* deepened a ply at a time up to maxd plies, or until decided, the node
 * limit, the time or stop: the value, the plies (the depth that decided it,
 * or the deepest searched in full), the move */
static int solve_root(Solver *sv, const G *g, int maxd, int *plies, int *move) {
    int val = UNK;
    *plies = 0;
    *move = -1;
    for (int d = 1; d <= maxd; d++) {
        int m = -1;
        int v = solve(sv, g, d, &m);
        if (sv->aborted) break;
        *plies = d;
        *move = m;
        val = v;
        if (v != UNK) break;
    }
    return val;
}

/* ---- the Python type Engine ---- */

typedef struct {
    PyObject_HEAD Params P;
    int cap, threads, solver;
    long long seedval;
    Entry *tt;
    Tree trees[MAXTHREADS];
    int ntrees;
    volatile int stop;
    /* the last search */
    int score, proven, mate, pv_len;
    long long work;
    long pnodes;
    uint16_t pv[PATH];
} EngineObject;

static int engine_trees(EngineObject *e, int n) {
    /* the trees for n threads (the first stays; more are made as needed) */
    while (e->ntrees < n) {
        if (!tree_alloc(&e->trees[e->ntrees], &e->P, e->cap)) {
            tree_free(&e->trees[e->ntrees]);
            return 0;
        }
        e->ntrees++;
    }
    return 1;
}

static void engine_dealloc(EngineObject *e) {
    for (int k = 0; k < e->ntrees; k++) tree_free(&e->trees[k]);
    free(e->tt);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static int engine_init(EngineObject *e, PyObject *args, PyObject *kw) {
    static char *names[] = {"level", "playouts", "cap", "depth", "care", "grow", "solver", NULL};
    int level, playouts, cap, depth, care, grow, solver = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiiiii|i", names, &level, &playouts, &cap, &depth, &care, &grow,
                                     &solver))
        return -1;
    e->solver = solver;
    if (playouts < 1 || cap < 1 || cap > 50000000 || depth < 1 || depth > MAXDEPTH || care < 0 || care > 100 ||
        grow < 1) {
        PyErr_SetString(PyExc_ValueError, "Engine: playouts >= 1, cap 1..50000000, depth 1..15, care 0..100, grow >= 1");
        return -1;
    }
    for (int k = 0; k < e->ntrees; k++) tree_free(&e->trees[k]);
    e->ntrees = 0;
    e->P.level = level;
    e->P.playouts = playouts;
    e->P.depth = depth;
    e->P.care = care;
    e->P.grow = grow;
    e->cap = cap < ROOT ? ROOT : cap;
    e->threads = 1;
    e->stop = 0;
    e->score = 500;
    if (!engine_trees(e, 1)) {
        PyErr_NoMemory();
        return -1;
    }
    seed_rng(&e->trees[0], 1);
    e->seedval = 1;
    return 0;
}

/* an Engine made by __new__ alone has no tree: refuse it */
#define NEED_TREE(e)                                                                  \
    if (!(e)->ntrees) {                                                               \
        PyErr_SetString(PyExc_ValueError, "Engine not initialised (call Engine(...))"); \
        return NULL;                                                                  \
    }

static PyObject *engine_seed(EngineObject *e, PyObject *arg) {
    NEED_TREE(e);
    long long s = PyLong_AsLongLong(arg);
    if (s == -1 && PyErr_Occurred()) return NULL;
    e->seedval = s;
    seed_rng(&e->trees[0], s);
    Py_RETURN_NONE;
}

/* the state of a Duel from Python, checked */
static int read_state(G *g, PyObject *args, int extra_ints, int *extra) {
    Py_buffer cells, pegs;
    int c1, c2, to_move, result, ply, x[4] = {0, 0, 0, 0};
    const char *fmt = extra_ints == 2 ? "y*y*iiiiiii" : extra_ints == 3 ? "y*y*iiiiiiii" : "y*y*iiiii";
    if (!PyArg_ParseTuple(args, fmt, &cells, &pegs, &c1, &c2, &to_move, &result, &ply, &x[0], &x[1], &x[2]))
        return 0;
    const char *err = NULL;
    if (cells.len != NH || pegs.len != 2 * PEGS)
        err = "cells must be 49 bytes and pegs 50";
    else
        err = check_state(g, cells.buf, pegs.buf, c1, c2, to_move, result, ply);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&pegs);
    if (err) {
        PyErr_Format(PyExc_ValueError, "malformed position: %s", err);
        return 0;
    }
    for (int k = 0; k < extra_ints; k++) extra[k] = x[k];
    return 1;
}

static void set_proved(EngineObject *e, int mv, int s, int plies) {
    e->proven = s;
    e->mate = plies;
    e->score = 1000;
    e->pv[0] = (uint16_t)mv;
    e->pv_len = 1;
}

/* the solver's table, made at its first use and cleared for each search */
static int engine_table(EngineObject *e) {
    if (!e->tt) e->tt = malloc(sizeof(Entry) << TT_BITS);
    if (!e->tt) return 0;
    memset(e->tt, 0, sizeof(Entry) << TT_BITS);
    return 1;
}

/* a beginner's pick (Engine._human) */
static int human(Tree *t, int first, int n, int best) {
    int top = t->vis[best], cands = 0;
    for (int c = first; c < first + n; c++)
        if (!t->prf[c] && 2 * t->vis[c] >= top) cands++;
    int pick = cands ? below(t, cands) : 0;
    for (int c = first; c < first + n; c++)
        if (!t->prf[c] && 2 * t->vis[c] >= top) {
            if (pick == 0) return c;
            pick--;
        }
    return best;
}

/* the win chance of the side to move, per mille (Engine._chance): the mean
 * result of all the root's playouts (a win 2, a draw 1), its odds squared
 * from level 3 on, where the plain mean reads too timid */
static int chance(const Tree *t, int first, int n, int level) {
    long long w = 0, v = 0;
    for (int c = first; c < first + n; c++) {
        w += t->win[c];
        v += t->vis[c];
    }
    if (!v) return 500;
    while (v > 1 << 20) { /* the same rounding as the Python engine's */
        v >>= 1;
        w >>= 1;
    }
    long long x = w * 500 / v;
    if (level < 3) return (int)x;
    long long y = 1000 - x;
    return (int)(1000 * x * x / (x * x + y * y));
}

static int finish(EngineObject *e, Tree *t, int s) {
    int first = t->kid[0], n = t->nk[0], best = -1;
    for (int c = first; c < first + n; c++) {
        if (t->prf[c] == s) {
            best = c;
            break;
        }
        if (best < 0) {
            best = c;
            continue;
        }
        int bp = t->prf[best], cp = t->prf[c];
        int lost_b = bp && bp != s && bp != DRAW;
        int lost_c = cp && cp != s && cp != DRAW;
        if (lost_b && !lost_c)
            best = c;
        else if (lost_b == lost_c && t->vis[c] > t->vis[best])
            best = c;
    }
    if (e->P.level == 1 && !t->prf[best]) best = human(t, first, n, best);
    int pr = t->prf[best];
    if (pr) {
        e->proven = pr;
        e->score = pr == s ? 1000 : pr == DRAW ? 500 : 0;
    } else
        e->score = chance(t, first, n, e->P.level);
    /* the most visited line from best */
    int k = 0, c = best;
    while (c > 0 && k < PATH) {
        e->pv[k++] = t->mv[c];
        if (!t->nk[c]) break;
        int f = t->kid[c], b = -1;
        for (int x = f; x < f + t->nk[c]; x++)
            if (b < 0 || t->vis[x] > t->vis[b]) b = x;
        if (t->vis[b] == 0) break;
        c = b;
    }
    e->pv_len = k;
    return t->mv[best];
}

/* the trees of threads 1.. start from tree 0's root: the same children in
 * the same order (the expansion is deterministic), their own random numbers */
static void copy_root(Tree *dst, const Tree *src, long long seed) {
    int n = src->nk[0], first = src->kid[0];
    memcpy(dst->mv, src->mv, sizeof *src->mv * (size_t)(first + n));
    memcpy(dst->pri, src->pri, (size_t)(first + n));
    memset(dst->kid, 0, sizeof *dst->kid * (size_t)(first + n));
    memset(dst->nk, 0, sizeof *dst->nk * (size_t)(first + n));
    memset(dst->vis, 0, sizeof *dst->vis * (size_t)(first + n));
    memset(dst->win, 0, sizeof *dst->win * (size_t)(first + n));
    memset(dst->prf, 0, (size_t)(first + n));
    dst->kid[0] = first;
    dst->nk[0] = (uint16_t)n;
    dst->used = first + n;
    dst->root = src->root;
    seed_rng(dst, seed);
}

/* root parallelism: the other trees' root statistics and proofs added to
 * tree 0's (a proof in any tree is exact) */
static void merge_roots(EngineObject *e, int nt, int s) {
    Tree *t0 = &e->trees[0];
    int first = t0->kid[0], n = t0->nk[0];
    for (int k = 1; k < nt; k++) {
        Tree *t = &e->trees[k];
        t0->vis[0] += t->vis[0];
        for (int c = first; c < first + n; c++) {
            t0->vis[c] += t->vis[c];
            t0->win[c] += t->win[c];
            int p = t->prf[c];
            if (p && (!t0->prf[c] || p == s)) t0->prf[c] = (uint8_t)p;
        }
    }
}

static int search(EngineObject *e, const G *g, long budget, int ms, int threads) {
    Tree *t = &e->trees[0];
    int s = g->to_move;
    double t0 = now_ms();
    int mv = win_move(g, s);
    if (mv >= 0) {
        set_proved(e, mv, s, 1);
        return mv;
    }
    Proof pf = {0, 0, 0, -1, ms, t0, &e->stop};
    long limit = PROOF_NODES * budget;
    int endgame = 0, endplies = 0;
    if (e->solver && e->tt) {
        /* the exact solver, within a quarter of the proofs' budget of
         * positions (a fixed amount of work) and of the time */
        Solver sv = {e->tt, 0, limit / 4, t0, ms / 4, 0, &e->stop};
        int m;
        int v = solve_root(&sv, g, e->solver, &endplies, &m);
        e->work += sv.nodes;
        if (v == 1) {
            set_proved(e, m, s, endplies);
            return m;
        }
        if (v != UNK) endgame = v == 0 ? DRAW : 3 - s; /* the tree picks the move */
    }
    for (int d = 3; d <= e->P.depth; d += 2) {
        mv = prove(&pf, g, d, limit);
        e->work += pf.pnodes;
        if (mv >= 0) {
            set_proved(e, mv, s, d);
            return mv;
        }
        if (pf.pnodes >= limit || (ms && now_ms() - t0 > ms / 4)) break;
    }
    t->used = 1;
    t->kid[0] = 0;
    t->nk[0] = 0;
    t->vis[0] = 0;
    t->win[0] = 0;
    t->prf[0] = 0;
    t->root = *g;
    if (!expand(t, g, 0)) return -2;
    /* an only move is searched too: the search gives the win chance */
    long share = (budget + threads - 1) / threads;
    for (int k = 0; k < threads; k++) {
        Tree *x = &e->trees[k];
        if (k) copy_root(x, t, e->seedval + 7919LL * k);
        x->budget = k < threads - 1 ? share : budget - share * (threads - 1);
        if (threads == 1) x->budget = budget;
        x->ms = ms;
        x->t0 = t0;
        x->stop = &e->stop;
        x->done = 0;
    }
    if (threads == 1)
        grow_tree(t);
    else {
        pthread_t id[MAXTHREADS];
        int started[MAXTHREADS];
        for (int k = 1; k < threads; k++) started[k] = pthread_create(&id[k], NULL, grow_tree, &e->trees[k]) == 0;
        grow_tree(t);
        for (int k = 1; k < threads; k++) {
            if (started[k])
                pthread_join(id[k], NULL);
            else
                grow_tree(&e->trees[k]); /* no thread: the share is still done */
        }
        merge_roots(e, threads, s);
    }
    for (int k = 0; k < threads; k++) e->work += e->trees[k].done;
    mv = finish(e, t, s);
    if (endgame) {
        e->proven = endgame;
        e->mate = endplies;
        e->score = endgame == DRAW ? 500 : 0;
    }
    return mv;
}

static PyObject *engine_think(EngineObject *e, PyObject *args) {
    NEED_TREE(e);
    G g;
    int x[3];
    if (!read_state(&g, args, 3, x)) return NULL;
    long budget = x[0], ms = x[1];
    int threads = x[2];
    if (budget < 0 || ms < 0 || threads < 1 || threads > MAXTHREADS) {
        PyErr_SetString(PyExc_ValueError, "think: playouts and ms 0 or more, threads 1..64");
        return NULL;
    }
    e->proven = e->mate = e->pv_len = 0;
    e->work = 0;
    e->score = 500;
    if (!g.to_move) return PyLong_FromLong(-1);
    if (!budget) budget = e->P.playouts;
    if (budget > e->trees[0].most) budget = e->trees[0].most;
    if (!engine_trees(e, threads) || (e->solver && !engine_table(e))) return PyErr_NoMemory();
    int mv;
    Py_BEGIN_ALLOW_THREADS mv = search(e, &g, budget, (int)ms, threads);
    Py_END_ALLOW_THREADS if (mv == -2) {
        PyErr_SetString(PyExc_MemoryError, "the engine's tree has no room for the moves");
        return NULL;
    }
    return PyLong_FromLong(mv);
}

static PyObject *engine_prove(EngineObject *e, PyObject *args) {
    NEED_TREE(e);
    G g;
    int x[2];
    if (!read_state(&g, args, 2, x)) return NULL;
    if (x[0] < 1 || x[1] < 0) {
        PyErr_SetString(PyExc_ValueError, "prove: depth 1 or more, limit 0 or more");
        return NULL;
    }
    Proof pf = {0, 0, 0, -1, 0, 0, &e->stop};
    int mv;
    Py_BEGIN_ALLOW_THREADS mv = prove(&pf, &g, x[0], x[1]);
    Py_END_ALLOW_THREADS e->pnodes = pf.pnodes;
    return PyLong_FromLong(mv);
}

/* solve(state..., max_plies, ms): (value for the side to move: 1, -1, 0 or
 * None, plies, move or -1, positions) */
static PyObject *engine_solve(EngineObject *e, PyObject *args) {
    NEED_TREE(e);
    G g;
    int x[2];
    if (!read_state(&g, args, 2, x)) return NULL;
    if (x[0] < 0 || x[0] > 60 || x[1] < 0) {
        PyErr_SetString(PyExc_ValueError, "solve: plies 0..60, ms 0 or more");
        return NULL;
    }
    if (!g.to_move) return Py_BuildValue("(OiiL)", Py_None, 0, -1, 0LL);
    if (!engine_table(e)) return PyErr_NoMemory();
    Solver sv = {e->tt, 0, 1LL << 62, now_ms(), x[1], 0, &e->stop};
    int plies, move, v;
    Py_BEGIN_ALLOW_THREADS v = solve_root(&sv, &g, x[0], &plies, &move);
    Py_END_ALLOW_THREADS PyObject *val = v == UNK ? Py_None : PyLong_FromLong(v);
    if (v == UNK) Py_INCREF(val);
    PyObject *r = Py_BuildValue("(OiiL)", val, plies, move, sv.nodes);
    Py_DECREF(val);
    return r;
}

/* playouts from the position, n of them: the count of each result, for the
 * benchmarks and the tests */
static PyObject *engine_playouts(EngineObject *e, PyObject *args) {
    NEED_TREE(e);
    G g;
    int x[2];
    if (!read_state(&g, args, 2, x)) return NULL;
    if (x[0] < 0) {
        PyErr_SetString(PyExc_ValueError, "playouts: n 0 or more");
        return NULL;
    }
    long r[4] = {0, 0, 0, 0};
    Py_BEGIN_ALLOW_THREADS for (int k = 0; k < x[0]; k++) r[playout(&e->trees[0], &g)]++;
    Py_END_ALLOW_THREADS return Py_BuildValue("(llll)", r[0], r[1], r[2], r[3]);
}

static PyObject *engine_get_pv(EngineObject *e, void *closure) {
    PyObject *t = PyTuple_New(e->pv_len);
    if (!t) return NULL;
    for (int k = 0; k < e->pv_len; k++) PyTuple_SET_ITEM(t, k, PyLong_FromLong(e->pv[k]));
    return t;
}

static PyObject *engine_get_stop(EngineObject *e, void *closure) { return PyBool_FromLong(e->stop); }

static int engine_set_stop(EngineObject *e, PyObject *v, void *closure) {
    int b = v ? PyObject_IsTrue(v) : 0;
    if (b < 0) return -1;
    e->stop = b;
    return 0;
}

static PyObject *engine_get_int(EngineObject *e, void *closure) {
    switch ((intptr_t)closure) {
    case 0: return PyLong_FromLong(e->score);
    case 1: return PyLong_FromLong(e->proven);
    case 2: return PyLong_FromLong(e->mate);
    case 3: return PyLong_FromLongLong(e->work);
    case 4: return PyLong_FromLong(e->pnodes);
    case 5: return PyLong_FromLong(e->trees[0].used);
    default: return PyLong_FromLong(e->cap);
    }
}

static PyGetSetDef engine_getset[] = {
    {"score", (getter)engine_get_int, NULL, "per mille win chance for the side to move", (void *)0},
    {"proven", (getter)engine_get_int, NULL, "0, or the side a proof says wins (3 a draw)", (void *)1},
    {"mate", (getter)engine_get_int, NULL, "plies to the proven end", (void *)2},
    {"work", (getter)engine_get_int, NULL, "playouts and proof positions", (void *)3},
    {"pnodes", (getter)engine_get_int, NULL, "positions of the last prove()", (void *)4},
    {"used", (getter)engine_get_int, NULL, "tree nodes used by thread 0", (void *)5},
    {"cap", (getter)engine_get_int, NULL, "tree nodes of each tree", (void *)6},
    {"pv", (getter)engine_get_pv, NULL, "the expected moves, frm * 64 + to", NULL},
    {"stop", (getter)engine_get_stop, (setter)engine_set_stop, "set to end a running search", NULL},
    {NULL},
};

static PyMethodDef engine_methods[] = {
    {"seed", (PyCFunction)engine_seed, METH_O, "seed(s): the random numbers of the next search"},
    {"think", (PyCFunction)engine_think, METH_VARARGS,
     "think(cells, pegs, n_fire, n_ice, to_move, result, ply, playouts, ms, threads) -> move"},
    {"prove", (PyCFunction)engine_prove, METH_VARARGS,
     "prove(cells, pegs, n_fire, n_ice, to_move, result, ply, depth, limit) -> move or -1"},
    {"solve", (PyCFunction)engine_solve, METH_VARARGS,
     "solve(cells, pegs, n_fire, n_ice, to_move, result, ply, max_plies, ms) -> (value, plies, move, positions)"},
    {"playouts", (PyCFunction)engine_playouts, METH_VARARGS,
     "playouts(cells, pegs, n_fire, n_ice, to_move, result, ply, n, unused) -> (0, fire, ice, draw)"},
    {NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fireice_tools._native.Engine",
    .tp_basicsize = sizeof(EngineObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Engine(level, playouts, cap, depth, care, grow): the native engine",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)engine_init,
    .tp_dealloc = (destructor)engine_dealloc,
    .tp_methods = engine_methods,
    .tp_getset = engine_getset,
};

/* ---- the Python type Board: the rules, for perft and the comparisons ---- */

typedef struct {
    PyObject_HEAD G stack[PATH];
    int n; /* stack[n] is the position now */
} BoardObject;

static int parse_cells(PyObject *pos, uint8_t *cells) {
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(pos, &len);
    if (!s) return 0;
    if (len != NH) {
        PyErr_Format(PyExc_ValueError, "a position has 49 characters, not %zd", len);
        return 0;
    }
    for (int h = 0; h < NH; h++) {
        char c = s[h];
        if (c == '#')
            cells[h] = 1;
        else if (c == 'O' || c == 'o' || c == '0')
            cells[h] = 2;
        else if (c == '-' || c == '.')
            cells[h] = 0;
        else {
            PyErr_Format(PyExc_ValueError, "position character %d is not one of # O -", h + 1);
            return 0;
        }
    }
    return 1;
}

static int board_init(BoardObject *b, PyObject *args, PyObject *kw) {
    static char *names[] = {"position", "to_move", NULL};
    PyObject *pos = NULL;
    int to_move = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Ui", names, &pos, &to_move)) return -1;
    uint8_t cells[NH];
    memset(cells, 0, NH);
    if (pos) {
        if (!parse_cells(pos, cells)) return -1;
    } else
        cells[24] = 1;
    const char *err = g_setup(&b->stack[0], cells, to_move);
    if (err) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    b->n = 0;
    return 0;
}

#define NOW(b) (&(b)->stack[(b)->n])

static PyObject *board_moves(BoardObject *b, PyObject *unused) {
    const G *g = NOW(b);
    PyObject *out = PyList_New(0);
    if (!out || !g->to_move) return out;
    uint64_t own = g->bb[g->to_move], empty = ~g->bb[0] & FULL;
    while (own) {
        int h = __builtin_ctzll(own);
        own &= own - 1;
        uint64_t to = DEST[h] & empty;
        while (to) {
            int t = __builtin_ctzll(to);
            to &= to - 1;
            PyObject *m = PyLong_FromLong(h * 64 + t);
            if (!m || PyList_Append(out, m) < 0) {
                Py_XDECREF(m);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(m);
        }
    }
    return out;
}

static PyObject *board_push(BoardObject *b, PyObject *args) {
    int frm, to;
    if (!PyArg_ParseTuple(args, "ii", &frm, &to)) return NULL;
    const G *g = NOW(b);
    if (frm < 0 || frm >= NH || to < 0 || to >= NH || !g->to_move || g->cells[frm] != g->to_move ||
        g->cells[to] || !(DEST[frm] >> to & 1)) {
        PyErr_Format(PyExc_ValueError, "illegal move %d-%d", frm, to);
        return NULL;
    }
    if (b->n + 1 >= PATH) {
        PyErr_SetString(PyExc_ValueError, "the game is too long");
        return NULL;
    }
    b->stack[b->n + 1] = *g;
    b->n++;
    push(NOW(b), frm, to);
    Py_RETURN_NONE;
}

static PyObject *board_pop(BoardObject *b, PyObject *unused) {
    if (!b->n) {
        PyErr_SetString(PyExc_ValueError, "no move to take back");
        return NULL;
    }
    b->n--;
    Py_RETURN_NONE;
}

static PyObject *board_perft(BoardObject *b, PyObject *arg) {
    long d = PyLong_AsLong(arg);
    if (d == -1 && PyErr_Occurred()) return NULL;
    if (d < 0 || d > 12) {
        PyErr_SetString(PyExc_ValueError, "perft depth is 0 to 12");
        return NULL;
    }
    unsigned long long n;
    G g = *NOW(b);
    Py_BEGIN_ALLOW_THREADS n = perft(&g, (int)d);
    Py_END_ALLOW_THREADS return PyLong_FromUnsignedLongLong(n);
}

static int side_arg(PyObject *arg) {
    long s = PyLong_AsLong(arg);
    if (s == -1 && PyErr_Occurred()) return 0;
    if (s != 1 && s != 2) {
        PyErr_SetString(PyExc_ValueError, "a side is 1 (fire) or 2 (ice)");
        return 0;
    }
    return (int)s;
}

static PyObject *board_control(BoardObject *b, PyObject *arg) {
    int s = side_arg(arg);
    return s ? PyLong_FromLong(NOW(b)->ctrl[s]) : NULL;
}

static PyObject *board_can_move(BoardObject *b, PyObject *arg) {
    int s = side_arg(arg);
    return s ? PyBool_FromLong(can_move(NOW(b), s)) : NULL;
}

static PyObject *board_count(BoardObject *b, PyObject *arg) {
    int s = side_arg(arg);
    return s ? PyLong_FromLong(NOW(b)->count[s]) : NULL;
}

static PyObject *board_win_move(BoardObject *b, PyObject *arg) {
    int s = side_arg(arg);
    return s ? PyLong_FromLong(win_move(NOW(b), s)) : NULL;
}

static PyObject *board_prior(BoardObject *b, PyObject *args) {
    int frm, to, s, fill;
    if (!PyArg_ParseTuple(args, "iiip", &frm, &to, &s, &fill)) return NULL;
    if (frm < 0 || frm >= NH || to < 0 || to >= NH || (s != 1 && s != 2)) {
        PyErr_SetString(PyExc_ValueError, "prior: holes 0..48, side 1 or 2");
        return NULL;
    }
    return PyLong_FromLong(prior(NOW(b), frm, to, s, fill));
}

static PyObject *board_gift(BoardObject *b, PyObject *args) {
    int frm, o;
    if (!PyArg_ParseTuple(args, "ii", &frm, &o)) return NULL;
    if (frm < 0 || frm >= NH || (o != 1 && o != 2)) {
        PyErr_SetString(PyExc_ValueError, "gift: hole 0..48, side 1 or 2");
        return NULL;
    }
    return PyBool_FromLong(gift(NOW(b), frm, o));
}

static PyObject *board_position(BoardObject *b, PyObject *unused) {
    char s[NH];
    for (int h = 0; h < NH; h++) s[h] = "-#O"[NOW(b)->cells[h]];
    return PyUnicode_FromStringAndSize(s, NH);
}

static PyObject *board_get(BoardObject *b, void *closure) {
    const G *g = NOW(b);
    switch ((intptr_t)closure) {
    case 0: return PyLong_FromLong(g->to_move);
    case 1: return PyLong_FromLong(g->result);
    default: return PyLong_FromLong(g->ply);
    }
}

static PyGetSetDef board_getset[] = {
    {"to_move", (getter)board_get, NULL, "1 Fire, 2 Ice, 0 once over", (void *)0},
    {"result", (getter)board_get, NULL, "0 running, 1 Fire won, 2 Ice won, 3 draw", (void *)1},
    {"ply", (getter)board_get, NULL, "moves made", (void *)2},
    {NULL},
};

static PyMethodDef board_methods[] = {
    {"moves", (PyCFunction)board_moves, METH_NOARGS, "the legal moves, frm * 64 + to, ascending"},
    {"push", (PyCFunction)board_push, METH_VARARGS, "push(frm, to): a legal move (ValueError if not)"},
    {"pop", (PyCFunction)board_pop, METH_NOARGS, "take back the last move"},
    {"perft", (PyCFunction)board_perft, METH_O, "perft(depth): move sequences of that length"},
    {"control", (PyCFunction)board_control, METH_O, "control(side): islands held, a 7-bit mask"},
    {"can_move", (PyCFunction)board_can_move, METH_O, "can_move(side)"},
    {"count", (PyCFunction)board_count, METH_O, "count(side): pegs on the board"},
    {"win_move", (PyCFunction)board_win_move, METH_O, "win_move(side): as fireice.danger.win_move"},
    {"prior", (PyCFunction)board_prior, METH_VARARGS, "prior(frm, to, side, fill)"},
    {"gift", (PyCFunction)board_gift, METH_VARARGS, "gift(frm, opponent)"},
    {"position", (PyCFunction)board_position, METH_NOARGS, "the 49-character position"},
    {NULL},
};

static PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fireice_tools._native.Board",
    .tp_basicsize = sizeof(BoardObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Board(position=START, to_move=1): a duel's rules on bitboards",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)board_init,
    .tp_methods = board_methods,
    .tp_getset = board_getset,
};

static PyModuleDef module = {PyModuleDef_HEAD_INIT, "fireice_tools._native",
                             "The native core of the host engine (docs/engine.md).", -1, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    init_tables();
    if (PyType_Ready(&EngineType) < 0 || PyType_Ready(&BoardType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    Py_INCREF(&BoardType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0 ||
        PyModule_AddObject(m, "Board", (PyObject *)&BoardType) < 0 ||
        PyModule_AddObject(m, "LINE_OF", PyBytes_FromStringAndSize((char *)LINE_OF, 128)) < 0 ||
        PyModule_AddObject(m, "TARGETS", PyBytes_FromStringAndSize((char *)TARGETS, NH * 12)) < 0 ||
        PyModule_AddIntConstant(m, "MAX_THREADS", MAXTHREADS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
