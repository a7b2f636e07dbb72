# cython: language_level=3, boundscheck=False, wraparound=False
"""The spider's byte questions of a page (``crawler.spiders.pagelinks``) in C, without lowering the page first:
ASCII case is folded as each byte is compared, so the answers are those of the Python twin on ``body.lower()``.

- ``find_folded(body, needle, start, end)``: ``body.lower().find(needle, start, end)`` for a lower-case needle and
  0 <= start, end <= len(body);
- ``names_next_or_previous(body)``: whether ``REL_WORD_BYTES_RE``
  (``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)``) matches ``body.lower()``.

The twin lowers the page (a copy of it) and runs a regex over the copy;
here the page is read 16 bytes at a time (SSE2, every x86-64 processor has it) for the places where a needle's two
rarest bytes stand at their distance, in either case (for the rel regex: an "=" after an "l" or a blank), and the
rest is compared in place; elsewhere byte by byte.
"""

cdef extern from *:
    """
    #ifndef CPAGESCAN_SOURCE_DIGEST
    #define CPAGESCAN_SOURCE_DIGEST ""
    #endif
    #if defined(__SSE2__) && defined(__GNUC__)
    #include <emmintrin.h>
    #define CPAGESCAN_SSE2 1
    #else
    #define CPAGESCAN_SSE2 0
    #endif
    /* 32 bytes at a time where the processor has AVX2 (asked once, at the first scan): twice SSE2's stride. */
    #if CPAGESCAN_SSE2 && defined(__x86_64__) && (defined(__clang__) || __GNUC__ >= 5)
    #include <immintrin.h>
    #define CPAGESCAN_AVX2 1
    static int cpagescan_avx2 = -1;

    static int cpagescan_has_avx2(void) {
        if (cpagescan_avx2 < 0) {
            __builtin_cpu_init();
            cpagescan_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
        }
        return cpagescan_avx2;
    }

    /* cpagescan_next_pair's blocks of 32: 1 and *at the candidate, or 0 and *at where fewer than 32 are left. */
    __attribute__((target("avx2")))
    static int cpagescan_pair_avx2(const unsigned char* data, Py_ssize_t* at, Py_ssize_t last,
                                   Py_ssize_t first, unsigned char byte1, unsigned char fold1,
                                   Py_ssize_t second, unsigned char byte2, unsigned char fold2) {
        const __m256i want1 = _mm256_set1_epi8((char)byte1), want2 = _mm256_set1_epi8((char)byte2);
        const __m256i or1 = _mm256_set1_epi8((char)fold1), or2 = _mm256_set1_epi8((char)fold2);
        Py_ssize_t p = *at;
        while (p + 31 <= last) {
            __m256i one = _mm256_or_si256(_mm256_loadu_si256((const __m256i*)(data + p + first)), or1);
            __m256i two = _mm256_or_si256(_mm256_loadu_si256((const __m256i*)(data + p + second)), or2);
            unsigned mask = (unsigned)_mm256_movemask_epi8(
                _mm256_and_si256(_mm256_cmpeq_epi8(one, want1), _mm256_cmpeq_epi8(two, want2)));
            if (mask) {
                *at = p + __builtin_ctz(mask);
                return 1;
            }
            p += 32;
        }
        *at = p;
        return 0;
    }

    /* cpagescan_next_rel_equals's blocks of 32, as cpagescan_pair_avx2. */
    __attribute__((target("avx2")))
    static int cpagescan_rel_equals_avx2(const unsigned char* data, Py_ssize_t* at, Py_ssize_t end) {
        const __m256i equals = _mm256_set1_epi8('='), ell = _mm256_set1_epi8('l'), case_bit = _mm256_set1_epi8(0x20);
        const __m256i space = _mm256_set1_epi8(' '), tab = _mm256_set1_epi8(9), four = _mm256_set1_epi8(4);
        Py_ssize_t p = *at;
        while (p + 32 <= end) {
            __m256i here = _mm256_loadu_si256((const __m256i*)(data + p));
            __m256i before = _mm256_loadu_si256((const __m256i*)(data + p - 1));
            __m256i control = _mm256_sub_epi8(before, tab);
            __m256i after_rel = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_or_si256(before, case_bit), ell),
                                _mm256_cmpeq_epi8(before, space)),
                _mm256_cmpeq_epi8(_mm256_max_epu8(control, four), four));
            unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(here, equals), after_rel));
            if (mask) {
                *at = p + __builtin_ctz(mask);
                return 1;
            }
            p += 32;
        }
        *at = p;
        return 0;
    }
    #else
    #define CPAGESCAN_AVX2 0
    static int cpagescan_has_avx2(void) { return 0; }
    #endif

    /* 1 to read 32 bytes at a time where the processor can, 0 for 16 (or byte by byte); whether it now does. */
    static int cpagescan_use_avx2(int wanted) {
    #if CPAGESCAN_AVX2
        cpagescan_avx2 = -1;
        if (!wanted || !cpagescan_has_avx2())
            cpagescan_avx2 = 0;
    #endif
        return cpagescan_has_avx2();
    }

    /* The first p in [at, last] where (data[p + first] | fold1) == byte1 and (data[p + second] | fold2) == byte2,
       or -1 (a fold of 0x20 folds a lower-case letter's upper case into it). Reads data up to
       last + max(first, second) only. */
    static Py_ssize_t cpagescan_next_pair(const unsigned char* data, Py_ssize_t at, Py_ssize_t last,
                                          Py_ssize_t first, unsigned char byte1, unsigned char fold1,
                                          Py_ssize_t second, unsigned char byte2, unsigned char fold2) {
    #if CPAGESCAN_AVX2
        if (cpagescan_has_avx2() && cpagescan_pair_avx2(data, &at, last, first, byte1, fold1, second, byte2, fold2))
            return at;
    #endif
    #if CPAGESCAN_SSE2
        const __m128i want1 = _mm_set1_epi8((char)byte1), want2 = _mm_set1_epi8((char)byte2);
        const __m128i or1 = _mm_set1_epi8((char)fold1), or2 = _mm_set1_epi8((char)fold2);
        while (at + 15 <= last) {
            __m128i one = _mm_or_si128(_mm_loadu_si128((const __m128i*)(data + at + first)), or1);
            __m128i two = _mm_or_si128(_mm_loadu_si128((const __m128i*)(data + at + second)), or2);
            int mask = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(one, want1), _mm_cmpeq_epi8(two, want2)));
            if (mask)
                return at + __builtin_ctz((unsigned)mask);
            at += 16;
        }
    #endif
        for (; at <= last; at++)
            if ((data[at + first] | fold1) == byte1 && (data[at + second] | fold2) == byte2)
                return at;
        return -1;
    }

    /* The first p in [at, end), at >= 1, where data[p] is "=" and data[p - 1] is "l" in either case or a blank of
       a bytes regex's \\s (space, \\t \\n \\v \\f \\r), or -1: the "=" of a "rel\\s*=" can only be one of these. */
    static Py_ssize_t cpagescan_next_rel_equals(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) {
    #if CPAGESCAN_AVX2
        if (cpagescan_has_avx2() && cpagescan_rel_equals_avx2(data, &at, end))
            return at;
    #endif
    #if CPAGESCAN_SSE2
        const __m128i equals = _mm_set1_epi8('='), ell = _mm_set1_epi8('l'), case_bit = _mm_set1_epi8(0x20);
        const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8(9), four = _mm_set1_epi8(4);
        while (at + 16 <= end) {
            __m128i here = _mm_loadu_si128((const __m128i*)(data + at));
            __m128i before = _mm_loadu_si128((const __m128i*)(data + at - 1));
            __m128i control = _mm_sub_epi8(before, tab);  /* \\t..\\r: 0..4 */
            __m128i after_rel = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(before, case_bit), ell), _mm_cmpeq_epi8(before, space)),
                _mm_cmpeq_epi8(_mm_max_epu8(control, four), four));
            int mask = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(here, equals), after_rel));
            if (mask)
                return at + __builtin_ctz((unsigned)mask);
            at += 16;
        }
    #endif
        for (; at < end; at++) {
            unsigned char previous = data[at - 1];
            if (data[at] == '=' && ((previous | 0x20) == 'l' || previous == ' ' || (previous >= 9 && previous <= 13)))
                return at;
        }
        return -1;
    }
    """
    const char* CPAGESCAN_SOURCE_DIGEST
    Py_ssize_t cpagescan_next_pair(const unsigned char* data, Py_ssize_t at, Py_ssize_t last, Py_ssize_t first,
                                   unsigned char byte1, unsigned char fold1, Py_ssize_t second, unsigned char byte2,
                                   unsigned char fold2) noexcept nogil
    Py_ssize_t cpagescan_next_rel_equals(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil
    int cpagescan_use_avx2(int wanted) noexcept nogil

SOURCE_DIGEST = (<bytes>CPAGESCAN_SOURCE_DIGEST).decode("ascii")


cdef inline unsigned char fold(unsigned char c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef inline bint is_space(unsigned char c) noexcept nogil:
    # \s of a bytes regex: space, \t \n \v \f \r
    return c == 32 or 9 <= c <= 13


cdef inline bint is_word_or_dash(unsigned char c) noexcept nogil:
    # [\w-] of a bytes regex: ASCII letters, digits, underscore, and the dash
    return (48 <= c <= 57) or (65 <= c <= 90) or (97 <= c <= 122) or c == 95 or c == 45


cdef inline bint folded_at(const unsigned char* data, Py_ssize_t at, Py_ssize_t end, const unsigned char* word,
                           Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t k
    if at + length > end:
        return False
    for k in range(length):
        if fold(data[at + k]) != word[k]:
            return False
    return True


# How often each byte occurs in news pages, case folded, in hundredths of a percent ("+" 7, "q" 21, "x" 86, "=" 105,
# "h" 171, "p" 226, "l" 322, "r" 355, "a" 501, "e" 631: counted once over ~200 news pages); a needle is looked for
# where its two rarest bytes stand ("amphtml": "m" and "h" two bytes apart), so few places are compared whole.
# Bytes not measured count as 50.
BYTE_FREQUENCY = {"+": 7, "q": 21, "z": 29, "j": 33, "k": 59, "x": 86, "y": 86, "v": 94, "=": 105, "w": 115,
                  "b": 123, "f": 135, ":": 135, "/": 141, "g": 144, "u": 161, "h": 171, ".": 203, "m": 217,
                  "p": 226, "d": 255, "c": 298, "-": 299, "l": 322, "r": 355, "s": 384, "o": 390, "n": 414,
                  "i": 459, "a": 501, "t": 551, "e": 631, " ": 1000, "<": 300, ">": 300, '"': 300}
cdef int frequency[256]
for _byte in range(256):
    frequency[_byte] = 50
for _char, _count in BYTE_FREQUENCY.items():
    frequency[ord(_char)] = _count


cdef inline unsigned char case_bit(unsigned char c) noexcept nogil:
    # OR-ed into a page's byte to compare it with a lower-case letter in either case
    return 32 if 97 <= c <= 122 else 0


cdef Py_ssize_t find_folded_c(const unsigned char* data, Py_ssize_t start, Py_ssize_t end, const unsigned char* word,
                              Py_ssize_t length) noexcept nogil:
    """The first position of ``word`` (lower-case) in data[start:end] in any case, or -1: the places where its two
    rarest bytes stand (in either case) are found 16 bytes at a time, and the rest is compared there."""
    cdef Py_ssize_t first = 0
    cdef Py_ssize_t second = 0
    cdef Py_ssize_t k
    cdef Py_ssize_t at = start
    cdef Py_ssize_t last = end - length
    for k in range(1, length):
        if frequency[word[k]] < frequency[word[first]]:
            first = k
    if length > 1:
        second = 1 if first == 0 else 0
        for k in range(length):
            if k != first and frequency[word[k]] < frequency[word[second]]:
                second = k
    while at <= last:
        at = cpagescan_next_pair(data, at, last, first, word[first], case_bit(word[first]), second, word[second],
                                 case_bit(word[second]))
        if at < 0 or folded_at(data, at, end, word, length):
            return at
        at += 1
    return -1


def find_folded(const unsigned char[::1] body, const unsigned char[::1] needle, Py_ssize_t start,
                Py_ssize_t end) -> int:
    """``body.lower().find(needle, start, end)``; ``needle`` lower-case, 0 <= start, end <= len(body)."""
    cdef Py_ssize_t length = needle.shape[0]
    cdef Py_ssize_t found
    if end > body.shape[0]:
        end = body.shape[0]
    if length == 0:
        return start if start <= end else -1
    if start + length > end:
        return -1
    with nogil:
        found = find_folded_c(&body[0], start, end, &needle[0], length)
    return found


cdef Py_ssize_t rel_match_end(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil:
    """Where a match of ``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` (folded) with its "=" at ``at`` may
    end: after its first "next" or "prev" (the regex, greedy, may take later words of the same run, but no ">" or "=" stands
    between), or -1 when there is none. Its start is "rel" before the blanks before the "=", which are all the blanks
    there; after the "=", a run of [\\w-] can only be followed by blanks where it ends, so the regex's backtracking
    has one way to go."""
    cdef Py_ssize_t before = at
    while before > 0 and is_space(data[before - 1]):
        before -= 1
    if before < 3 or not (fold(data[before - 3]) == 114 and fold(data[before - 2]) == 101 and
                          fold(data[before - 1]) == 108):  # r e l
        return -1
    at += 1
    while at < end and is_space(data[at]):
        at += 1
    if at < end and (data[at] == 34 or data[at] == 39):  # " '
        at += 1
    while True:
        if folded_at(data, at, end, <const unsigned char*>b"next", 4) or \
                folded_at(data, at, end, <const unsigned char*>b"prev", 4):
            return at + 4
        if at >= end or not is_word_or_dash(data[at]):
            return -1
        while at < end and is_word_or_dash(data[at]):
            at += 1
        if at >= end or not is_space(data[at]):
            return -1
        while at < end and is_space(data[at]):
            at += 1


cdef inline bint names_from_equals(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil:
    """Whether the rel regex matches (folded) with its "=" at ``at``."""
    return rel_match_end(data, at, end) >= 0


cdef bint names_next_or_previous_c(const unsigned char* data, Py_ssize_t end) noexcept nogil:
    # From each "=" after an "l" or a blank (of "=", 1 % of a page's bytes: measured, see BYTE_FREQUENCY).
    cdef Py_ssize_t at = 3
    while at < end:
        at = cpagescan_next_rel_equals(data, at, end)
        if at < 0:
            return False
        if names_from_equals(data, at, end):
            return True
        at += 1
    return False


def names_next_or_previous(const unsigned char[::1] body) -> bool:
    """Whether ``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` matches ``body.lower()``."""
    cdef bint found
    if body.shape[0] < 3:
        return False
    with nogil:
        found = names_next_or_previous_c(&body[0], body.shape[0])
    return found


def rel_words(const unsigned char[::1] body) -> list:
    """(start, end) of each match of ``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` in ``body.lower()``, as
    ``finditer`` gives them, in order; an end may come before the regex's (see ``rel_match_end``: no ">" between).
    A match holds one "=", its own: each "=" gives one match at most, and matches do not overlap."""
    cdef Py_ssize_t end = body.shape[0]
    cdef Py_ssize_t at = 3
    cdef Py_ssize_t stop
    cdef Py_ssize_t start
    spans = []
    if end < 3:
        return spans
    while at < end:
        with nogil:
            at = cpagescan_next_rel_equals(&body[0], at, end)
            stop = rel_match_end(&body[0], at, end) if at >= 0 else -1
        if at < 0:
            break
        if stop >= 0:
            start = at
            while is_space(body[start - 1]):
                start -= 1
            spans.append((start - 3, stop))
        at += 1
    return spans


def use_avx2(bint wanted) -> bool:
    """Whether scans read 32 bytes at a time (AVX2, where the processor has it: the default) or 16 (SSE2); the
    answers are the same, tests compare them."""
    return bool(cpagescan_use_avx2(wanted))
