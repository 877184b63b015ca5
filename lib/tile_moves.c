/* Tile moves: every frontier square and rotation where a tile fits, written
 * as carc_move structs. This is the hottest loop of a playing bot (about a
 * quarter of a random game), in three forms:
 *
 * - by class: the squares whose fit classes include the tile's, found a
 *   vector at a time, then the rotations of each from the fit table; one
 *   body (BY_CLASS) stamped for SSE2 and for AVX2 over small helpers of
 *   each, the AVX2 one taken on CPUs that have it;
 * - by key: one look-up per square in the tile set's fit table, which gives
 *   the rotations that fit a square's key (more than 32 classes, a short
 *   buffer, or no SSE2);
 * - by edges, for tile sets with too many side codes for a table: the packed
 *   edge masks, four rotations a square.
 *
 * By class and by key write as many moves a fitting square as one square
 * fits at most, whatever fits, and advance the output past the ones that
 * fit: whether a rotation fits is close to random, so a branch per
 * rotation would mispredict. By class takes that width per tile type (one
 * to four: a straight road never fits more than two ways, a monastery
 * alone in its field one), by key per set (three or four). That needs room
 * for four moves a square; with less, moves are written one by one. */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "internal.h"

#if CARC_AVX2
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2,bmi")))
#endif

/* Rotations in a fit mask, packed two bits each, and how many there are. */
static const uint8_t ROT_LIST[16] = {0, 0, 1, 4, 2, 8, 9, 36, 3, 12, 13, 52, 14, 56, 57, 228};
static const uint8_t ROT_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

#ifdef __SSE2__
/* Listing by class, one body for every instruction set: the squares whose
 * fit classes include the tile's, as bits of a word per 64 squares, then
 * moves for those bits. Needs room for 4 moves a square of the frontier.
 * BY_CLASS(isa, vector, attributes) stamps by_class_<isa>(g, type, buf,
 * short_frontier) over the leaf helpers of that instruction set:
 * head_<isa> (the type's first 16 bytes of a move, in a `vector`),
 * class_bits_<isa> (64 squares' class bits) and put_square_<isa> (a
 * square's moves). A type writes one to four moves a fitting square
 * (tileset.fit_width); the body is inlined once per width, so the width is
 * tested once a listing, not once a square.
 *
 * `short_frontier`: at most 64 squares (one word, as in most of a game),
 * with no loop over words and the squares indexed from g itself, which
 * leaves the loop few enough registers to need no stack frame. The two
 * loops stay apart: written as one loop over a count of words, GCC kept
 * more in registers in the short form or indexed worse in the long one
 * (+300 instructions a game in Hills & Sheep, whose frontier passes 64
 * squares in one listing in eight). */
#define BY_CLASS(isa, vector, attributes)                                                                              \
    static attributes ALWAYS_INLINE size_t by_class_##isa##_width(const carc_game *g, int type, carc_move *buf, int w, \
                                                                  int short_frontier, int wide)                        \
    {                                                                                                                  \
        const __m128i shift = _mm_cvtsi32_si128(g->ts->class_shift[type]);                                             \
        const vector head = head_##isa(g, type);                                                                       \
        const uint8_t *fit = g->ts->fit[type];                                                                         \
        unsigned char *out = (unsigned char *)buf;                                                                     \
        if (short_frontier && !wide) {                                                                                 \
            for (uint64_t bits = class_bits_##isa(g->fcls_n, g->nfrontier, shift); bits; bits &= bits - 1) {           \
                size_t i = ctz64(bits);                                                                                \
                out = put_square_##isa(out, head, &g->fpos_n[i], fit[g->fkey_n[i]], w);                                \
            }                                                                                                          \
            return (size_t)(out - (unsigned char *)buf) / sizeof *buf;                                                 \
        }                                                                                                              \
        /* in locals: the stores of moves may alias a wide game's pointers */                                         \
        const uint64_t *pos = G_FPOS(g, wide);                                                                         \
        const uint32_t *cls = G_FCLS(g, wide);                                                                         \
        const uint16_t *key = G_FKEY(g, wide);                                                                         \
        if (short_frontier) {                                                                                          \
            for (uint64_t bits = class_bits_##isa(cls, g->nfrontier, shift); bits; bits &= bits - 1) {                 \
                size_t i = ctz64(bits);                                                                                \
                out = put_square_##isa(out, head, &pos[i], fit[key[i]], w);                                            \
            }                                                                                                          \
            return (size_t)(out - (unsigned char *)buf) / sizeof *buf;                                                 \
        }                                                                                                              \
        for (int left = g->nfrontier; left > 0; left -= 64, pos += 64, key += 64, cls += 64)                           \
            for (uint64_t bits = class_bits_##isa(cls, left, shift); bits; bits &= bits - 1) {                         \
                size_t i = ctz64(bits);                                                                                \
                out = put_square_##isa(out, head, &pos[i], fit[key[i]], w);                                            \
            }                                                                                                          \
        return (size_t)(out - (unsigned char *)buf) / sizeof *buf;                                                     \
    }                                                                                                                  \
    static attributes ALWAYS_INLINE size_t by_class_##isa(const carc_game *g, int type, carc_move *buf,                \
                                                          int short_frontier, int wide)                                \
    {                                                                                                                  \
        switch (g->ts->fit_width[type]) {                                                                              \
        case 0:                                                                                                        \
        case 1:                                                                                                        \
            return by_class_##isa##_width(g, type, buf, 1, short_frontier, wide);                                      \
        case 2:                                                                                                        \
            return by_class_##isa##_width(g, type, buf, 2, short_frontier, wide);                                      \
        case 3:                                                                                                        \
            return by_class_##isa##_width(g, type, buf, 3, short_frontier, wide);                                      \
        default:                                                                                                       \
            return by_class_##isa##_width(g, type, buf, 4, short_frontier, wide);                                      \
        }                                                                                                              \
    }

_Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, rotation) == 1 && offsetof(carc_move, x) == 4 &&
                   offsetof(carc_move, y) == 6 && offsetof(carc_move, tile) == 8,
               "a move is one little-endian vector: kind, rotation, x, y, tile");

/* Per rotation mask `bits`, in 64-byte rows so that the row of a fit-table
 * entry is at entry × 4 (an addressing mode, no shift per square):
 * vec[bits][j], the j-th rotation of the mask in a move's rotation byte;
 * bytes[bits], the bytes of moves the mask writes, so the advance is one
 * add from memory. One table, so one register addresses both.
 * Aligned to its 64-byte rows: the SSE2 form loads 16 bytes and the AVX2
 * form 32 bytes of a row with aligned loads (vmovdqa). Its __m128i member
 * alone gave 16, and a clang -O0 build faulted whenever the linker placed
 * the table at 16 mod 32. */
static const struct rot_table {
    _Alignas(64) union {
        uint64_t w[16][4][2];
        __m128i v[16][4];
    } vec;
    uint64_t bytes[16][8];
} ROT = {.vec = {.w = {
#define R(a, b, c, d) {{(a) << 8, 0}, {(b) << 8, 0}, {(c) << 8, 0}, {(d) << 8, 0}}
             R(0, 0, 0, 0), R(0, 0, 0, 0), R(1, 0, 0, 0), R(0, 1, 0, 0), R(2, 0, 0, 0), R(0, 2, 0, 0),
             R(1, 2, 0, 0), R(0, 1, 2, 0), R(3, 0, 0, 0), R(0, 3, 0, 0), R(1, 3, 0, 0), R(0, 1, 3, 0),
             R(2, 3, 0, 0), R(0, 2, 3, 0), R(1, 2, 3, 0), R(0, 1, 2, 3)
#undef R
         }},
         .bytes = {{0}, {16}, {16}, {32}, {16}, {32}, {32}, {48}, {16}, {32}, {32}, {48}, {32}, {48}, {48}, {64}}};
_Static_assert(_Alignof(struct rot_table) >= 32, "rows of ROT.vec are read with aligned 32-byte loads");

/* The moves of one square: `w` written (4, or 3 when no square can take
 * four rotations), the output advanced past the ones that fit.
 * `kind_tile` holds the move kind and the tile type; `fit` is the square's
 * fit-table entry. */
static inline unsigned char *put_square_sse2(unsigned char *out, __m128i kind_tile, const uint64_t *pos, size_t fit,
                                             int w)
{
    _Static_assert(sizeof ROT.vec.v[0] == 4 << FIT_SHIFT, "a fit-table entry times 4 is its row of ROT.vec");
    /* the square's x and y, already in bytes 4..7 (carc_game.fpos) */
    __m128i m = _mm_or_si128(kind_tile, _mm_loadl_epi64((const __m128i *)(const void *)pos));
    const __m128i *rv = (const __m128i *)(const void *)((const unsigned char *)ROT.vec.v + 4 * fit);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_or_si128(m, rv[0]));
    if (w >= 2) _mm_storeu_si128((__m128i *)(void *)(out + 16), _mm_or_si128(m, rv[1]));
    if (w >= 3) _mm_storeu_si128((__m128i *)(void *)(out + 32), _mm_or_si128(m, rv[2]));
    if (w == 4) _mm_storeu_si128((__m128i *)(void *)(out + 48), _mm_or_si128(m, rv[3]));
    uint64_t bytes;
    memcpy(&bytes, (const unsigned char *)ROT.bytes + 4 * fit, sizeof bytes);
    return out + bytes;
}

/* Moves written a fitting square of a type when listing by key: three or
 * four (three in every known set), one loop each. */
static int square_width(const carc_game *g, int type) { return g->ts->fit_width[type] <= 3 ? 3 : 4; }

/* One loop per width, so the test on `w` is made once, not per square. */
static size_t put_squares(const carc_game *g, int type, const uint16_t *sq, size_t nf, carc_move *buf, int w)
{
    const __m128i kind_tile = _mm_set_epi64x((long long)type, CARC_MOVE_TILE);
    const uint8_t *fit = g->ts->fit[type];
    const uint64_t *pos = g->fpos; /* in locals: the stores of moves may alias the game's pointers */
    const uint16_t *key = g->fkey;
    unsigned char *out = (unsigned char *)buf;
    for (size_t k = 0; k < nf; k++) out = put_square_sse2(out, kind_tile, &pos[sq[k]], fit[key[sq[k]]], w);
    return (size_t)(out - (unsigned char *)buf) / sizeof *buf;
}

/* Bit i set where square i (of the first 64 of n from fcls) has the class
 * whose bit is at `shift`: the class bit is shifted into each lane's sign,
 * and sixteen signs become one pmovmskb. Reads whole blocks of 16 squares:
 * those past the frontier's end have no class (carc_game.fcls), so their
 * bits come out clear without a mask. */
static inline uint64_t class_bits_sse2(const uint32_t *fcls, int n, __m128i shift)
{
    uint64_t bits = 0;
    if (n > 64) n = 64;
    for (int i = 0; i < n; i += 16) {
        const __m128i *c = (const __m128i *)(const void *)(fcls + i);
        __m128i a = _mm_packs_epi32(_mm_sll_epi32(_mm_load_si128(c), shift),
                                    _mm_sll_epi32(_mm_load_si128(c + 1), shift));
        __m128i b = _mm_packs_epi32(_mm_sll_epi32(_mm_load_si128(c + 2), shift),
                                    _mm_sll_epi32(_mm_load_si128(c + 3), shift));
        bits |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b)) << i;
    }
    return bits;
}

/* The tile's move head as a listing by class ORs it in. */
static inline __m128i head_sse2(const carc_game *g, int type)
{
    return _mm_loadu_si128((const __m128i *)(const void *)g->ts->move_head[type]);
}

BY_CLASS(sse2, __m128i, )

/* Frontiers of more than 64 squares, out of line: the loop over words
 * needs registers that every listing would otherwise save and restore. */
NOINLINE static size_t by_class_sse2_long(const carc_game *g, int type, carc_move *buf)
{
    return by_class_sse2(g, type, buf, 0, 0);
}

/* A wide game's listing (its arrays in its tail), either length. */
NOINLINE static size_t by_class_sse2_wide(const carc_game *g, int type, carc_move *buf)
{
    if (g->nfrontier > 64) return by_class_sse2(g, type, buf, 0, 1);
    return by_class_sse2(g, type, buf, 1, 1);
}
#endif

#if CARC_AVX2
/* The leaf helpers with AVX2 and BMI1, on CPUs that have them (tileset.avx2): two
 * moves of a square are one 32-byte vector, the square's x and y are put
 * in both halves by one broadcast and one blend, and the lowest set bit is
 * cleared by one blsr. */
static AVX2 ALWAYS_INLINE unsigned char *put_square_avx2(unsigned char *out, __m256i head, const uint64_t *pos,
                                                         size_t fit, int w)
{
    const unsigned char *rv = (const unsigned char *)ROT.vec.v + 4 * fit;
    if (w == 1) {
        __m128i m = _mm_or_si128(_mm256_castsi256_si128(head), _mm_loadl_epi64((const __m128i *)(const void *)pos));
        _mm_storeu_si128((__m128i *)(void *)out, _mm_or_si128(m, _mm_load_si128((const __m128i *)(const void *)rv)));
    } else {
        /* dword 1 of each half from the position, the rest from the head */
        __m256i m = _mm256_blend_epi32(head, _mm256_set1_epi64x((long long)*pos), 0x22);
        _mm256_storeu_si256((__m256i *)(void *)out,
                            _mm256_or_si256(m, _mm256_load_si256((const __m256i *)(const void *)rv)));
        if (w == 3)
            _mm_storeu_si128(
                (__m128i *)(void *)(out + 32),
                _mm_or_si128(_mm256_castsi256_si128(m), _mm_load_si128((const __m128i *)(const void *)(rv + 32))));
        if (w == 4)
            _mm256_storeu_si256((__m256i *)(void *)(out + 32),
                                _mm256_or_si256(m, _mm256_load_si256((const __m256i *)(const void *)(rv + 32))));
    }
    uint64_t bytes;
    memcpy(&bytes, (const unsigned char *)ROT.bytes + 4 * fit, sizeof bytes);
    return out + bytes;
}

/* class_bits_sse2, 32 squares a step: the packs work within each 16-byte half,
 * so the four-square groups are put back in order before the signs are
 * taken. Reads whole blocks of 32 (carc_game.fcls). */
static AVX2 ALWAYS_INLINE uint64_t class_bits_avx2(const uint32_t *fcls, int n, __m128i shift)
{
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    uint64_t bits = 0;
    if (n > 64) n = 64;
    for (int i = 0; i < n; i += 32) {
        const __m256i *c = (const __m256i *)(const void *)(fcls + i);
        __m256i a = _mm256_packs_epi32(_mm256_sll_epi32(_mm256_loadu_si256(c), shift),
                                       _mm256_sll_epi32(_mm256_loadu_si256(c + 1), shift));
        __m256i b = _mm256_packs_epi32(_mm256_sll_epi32(_mm256_loadu_si256(c + 2), shift),
                                       _mm256_sll_epi32(_mm256_loadu_si256(c + 3), shift));
        __m256i s = _mm256_permutevar8x32_epi32(_mm256_packs_epi16(a, b), order);
        bits |= (uint64_t)(uint32_t)_mm256_movemask_epi8(s) << i;
    }
    return bits;
}

/* The move head in both halves, for two moves a store. */
static AVX2 ALWAYS_INLINE __m256i head_avx2(const carc_game *g, int type)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)g->ts->move_head[type]));
}

BY_CLASS(avx2, __m256i, AVX2)

/* As by_class_sse2_long. */
static AVX2 NOINLINE size_t tile_moves_avx2_long(const carc_game *g, int type, carc_move *buf)
{
    return by_class_avx2(g, type, buf, 0, 0);
}

AVX2 NOINLINE size_t tile_moves_avx2(const carc_game *g, int type, carc_move *buf)
{
    if (g->nfrontier > 64) return tile_moves_avx2_long(g, type, buf);
    return by_class_avx2(g, type, buf, 1, 0);
}

/* tile_moves_avx2 for a wide game (tileset.avx2 2), whose arrays are in
 * its tail */
static AVX2 NOINLINE size_t tile_moves_avx2_wide(const carc_game *g, int type, carc_move *buf)
{
    if (g->nfrontier > 64) return by_class_avx2(g, type, buf, 0, 1);
    return by_class_avx2(g, type, buf, 1, 1);
}
#endif

NOINLINE static size_t by_key(const carc_game *g, int type, carc_move *buf, size_t cap)
{
    const uint8_t *fit = g->ts->fit[type];
    const uint16_t *key = g->fkey;
    /* first the squares the tile fits (about half of them), without a
     * branch, four a round (the loop's own count and test were a third of
     * the work of a square); then moves for those only */
    uint16_t sq[MAX_FRONTIER];
    size_t nf = 0, nsq = (size_t)g->nfrontier, i = 0;
    for (; i + 4 <= nsq; i += 4) {
        sq[nf] = (uint16_t)i;
        nf += fit[key[i]] != 0;
        sq[nf] = (uint16_t)(i + 1);
        nf += fit[key[i + 1]] != 0;
        sq[nf] = (uint16_t)(i + 2);
        nf += fit[key[i + 2]] != 0;
        sq[nf] = (uint16_t)(i + 3);
        nf += fit[key[i + 3]] != 0;
    }
    for (; i < nsq; i++) {
        sq[nf] = (uint16_t)i;
        nf += fit[key[i]] != 0;
    }
    size_t n = 0;
#ifdef __SSE2__
    if (cap >= 4 * nf)
        return square_width(g, type) == 3 ? put_squares(g, type, sq, nf, buf, 3) : put_squares(g, type, sq, nf, buf, 4);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the same as two little-endian words a move */
    if (cap >= 4 * nf) {
        const uint64_t hi = (uint64_t)type;
        for (size_t k = 0; k < nf; k++) {
            unsigned f = sq[k], bits = fit[key[f]] >> FIT_SHIFT, list = ROT_LIST[bits];
            uint64_t lo = CARC_MOVE_TILE | g->fpos[f];
            unsigned char *out = (unsigned char *)&buf[n];
            for (int j = 0; j < 4; j++) {
                uint64_t word = lo | (uint64_t)(list >> (2 * j) & 3) << 8;
                memcpy(out + 16 * j, &word, 8);
                memcpy(out + 16 * j + 8, &hi, 8);
            }
            n += ROT_COUNT[bits];
        }
        return n;
    }
#endif
    for (size_t k = 0; k < nf; k++) {
        unsigned f = sq[k], bits = fit[key[f]] >> FIT_SHIFT, list = ROT_LIST[bits];
        for (unsigned j = 0; j < ROT_COUNT[bits]; j++, n++)
            if (n < cap)
                buf[n] = (carc_move){.kind = CARC_MOVE_TILE,
                                     .rotation = (uint8_t)(list >> (2 * j) & 3),
                                     .x = FPOS_X(FRONTIER_POS(g, f)),
                                     .y = FPOS_Y(FRONTIER_POS(g, f)),
                                     .tile = (uint16_t)type};
    }
    return n;
}

NOINLINE static size_t by_edges(const carc_game *g, int type, carc_move *buf, size_t cap)
{
    const tile_type *t = &g->ts->types[type];
    size_t n = 0;
    for (int i = 0; i < g->nfrontier; i++)
        for (int r = 0; r < 4; r++)
            if ((t->distinct_rots >> r & 1) && ((t->code[r] ^ g->fval[i]) & g->fmask[i]) == 0) {
                if (n < cap)
                    buf[n] = (carc_move){.kind = CARC_MOVE_TILE,
                                         .rotation = (uint8_t)r,
                                         .x = FPOS_X(FRONTIER_POS(g, i)),
                                         .y = FPOS_Y(FRONTIER_POS(g, i)),
                                         .tile = (uint16_t)type};
                n++;
            }
    return n;
}

size_t tile_moves_other(const carc_game *g, int type, carc_move *buf, size_t cap)
{
#ifdef __SSE2__
    /* one loop per width, so the moves a square takes are known in it
     * (fit classes imply a fit table) */
    if (g->ts->fit_classes && cap >= 4 * (size_t)g->nfrontier) {
#if CARC_AVX2
        if (g->ts->avx2 == 2) return tile_moves_avx2_wide(g, type, buf);
#endif
        if (g->wide) return by_class_sse2_wide(g, type, buf);
        if (g->nfrontier > 64) return by_class_sse2_long(g, type, buf);
        return by_class_sse2(g, type, buf, 1, 0);
    }
#endif
    if (!g->ts->nside_codes) return by_edges(g, type, buf, cap);
    return by_key(g, type, buf, cap);
}
