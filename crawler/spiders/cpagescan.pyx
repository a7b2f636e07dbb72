# cython: language_level=3, boundscheck=False, wraparound=False
"""The spider's byte questions of a page (``crawler.spiders.pagelinks``) in C, without lowering the page first:
ASCII case is folded as each byte is compared, so the answers are those of the Python twin on ``body.lower()``.

- ``find_folded(body, needle, start, end)``: ``body.lower().find(needle, start, end)`` for a lower-case needle and
  0 <= start, end <= len(body);
- ``names_next_or_previous(body)``: whether ``REL_WORD_BYTES_RE``
  (``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)``) matches ``body.lower()``.

The twin lowers the page (~1 million instructions for a 170 KB page) and runs a regex over it (~1 million more);
here memchr finds a needle's rarest byte (in both cases; for the rel regex its "=") and the rest is compared in
place.
"""

from libc.string cimport memchr

cdef extern from *:
    """
    #ifndef CPAGESCAN_SOURCE_SHA256
    #define CPAGESCAN_SOURCE_SHA256 ""
    #endif
    """
    const char* CPAGESCAN_SOURCE_SHA256

SOURCE_SHA256 = (<bytes>CPAGESCAN_SOURCE_SHA256).decode("ascii")


cdef inline unsigned char fold(unsigned char c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef inline bint is_space(unsigned char c) noexcept nogil:
    # \s of a bytes regex: space, \t \n \v \f \r
    return c == 32 or 9 <= c <= 13


cdef inline bint is_word_or_dash(unsigned char c) noexcept nogil:
    # [\w-] of a bytes regex: ASCII letters, digits, underscore, and the dash
    return (48 <= c <= 57) or (65 <= c <= 90) or (97 <= c <= 122) or c == 95 or c == 45


cdef inline Py_ssize_t next_folded(const unsigned char* data, Py_ssize_t at, Py_ssize_t end, unsigned char lower,
                                   Py_ssize_t* lower_at, Py_ssize_t* upper_at) noexcept nogil:
    """The first position >= at before end of ``lower`` in either case, or -1. ``lower_at``/``upper_at`` keep the
    next position of each case found so far (-2: not looked for yet), so each memchr runs once per hit."""
    cdef const void* found
    cdef unsigned char upper = lower - 32 if 97 <= lower <= 122 else lower
    if lower_at[0] != -1 and lower_at[0] < at:
        found = memchr(data + at, lower, end - at) if end > at else NULL
        lower_at[0] = (<const unsigned char*>found - data) if found != NULL else -1
    if upper == lower:
        return lower_at[0]
    if upper_at[0] != -1 and upper_at[0] < at:
        found = memchr(data + at, upper, end - at) if end > at else NULL
        upper_at[0] = (<const unsigned char*>found - data) if found != NULL else -1
    if lower_at[0] < 0:
        return upper_at[0]
    if upper_at[0] < 0:
        return lower_at[0]
    return lower_at[0] if lower_at[0] < upper_at[0] else upper_at[0]


cdef inline bint folded_at(const unsigned char* data, Py_ssize_t at, Py_ssize_t end, const unsigned char* word,
                           Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t k
    if at + length > end:
        return False
    for k in range(length):
        if fold(data[at + k]) != word[k]:
            return False
    return True


# How often each byte occurs in pages, case folded, in hundredths of a percent (measured on the 181 scrapinghub pages:
# "+" 7, "q" 21, "x" 86, "=" 105, "h" 171, "p" 226, "l" 322, "r" 355, "a" 501, "e" 631); a needle is looked for from
# its rarest byte, so memchr stops at fewer places ("amphtml" from "h", "application/rss+xml" from "+"). Bytes not
# measured count as 50.
BYTE_FREQUENCY = {"+": 7, "q": 21, "z": 29, "j": 33, "k": 59, "x": 86, "y": 86, "v": 94, "=": 105, "w": 115,
                  "b": 123, "f": 135, ":": 135, "/": 141, "g": 144, "u": 161, "h": 171, ".": 203, "m": 217,
                  "p": 226, "d": 255, "c": 298, "-": 299, "l": 322, "r": 355, "s": 384, "o": 390, "n": 414,
                  "i": 459, "a": 501, "t": 551, "e": 631, " ": 1000, "<": 300, ">": 300, '"': 300}
cdef int frequency[256]
for _byte in range(256):
    frequency[_byte] = 50
for _char, _count in BYTE_FREQUENCY.items():
    frequency[ord(_char)] = _count


cdef Py_ssize_t find_folded_c(const unsigned char* data, Py_ssize_t start, Py_ssize_t end, const unsigned char* word,
                              Py_ssize_t length) noexcept nogil:
    """The first position of ``word`` (lower-case) in data[start:end] in any case, or -1: memchr finds its rarest
    byte, the rest is compared around it."""
    cdef Py_ssize_t anchor = 0
    cdef Py_ssize_t k
    cdef Py_ssize_t at
    cdef Py_ssize_t lower_at = -2
    cdef Py_ssize_t upper_at = -2
    for k in range(1, length):
        if frequency[word[k]] < frequency[word[anchor]]:
            anchor = k
    at = start + anchor
    while True:
        at = next_folded(data, at, end - length + 1 + anchor, word[anchor], &lower_at, &upper_at)
        if at < 0 or folded_at(data, at - anchor, end, word, length):
            return at - anchor if at >= 0 else -1
        at += 1


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


cdef bint names_from_equals(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil:
    """Whether ``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` matches (folded) with its "=" at ``at``. The blanks
    between "rel" and "=" are all the blanks before the "="; after it, a run of [\\w-] can only be followed by
    blanks where it ends, so the regex's backtracking has one way to go."""
    cdef Py_ssize_t before = at
    while before > 0 and is_space(data[before - 1]):
        before -= 1
    if before < 3 or not (fold(data[before - 3]) == 114 and fold(data[before - 2]) == 101 and
                          fold(data[before - 1]) == 108):  # r e l
        return False
    at += 1
    while at < end and is_space(data[at]):
        at += 1
    if at < end and (data[at] == 34 or data[at] == 39):  # " '
        at += 1
    while True:
        if folded_at(data, at, end, <const unsigned char*>b"next", 4) or \
                folded_at(data, at, end, <const unsigned char*>b"prev", 4):
            return True
        if at >= end or not is_word_or_dash(data[at]):
            return False
        while at < end and is_word_or_dash(data[at]):
            at += 1
        if at >= end or not is_space(data[at]):
            return False
        while at < end and is_space(data[at]):
            at += 1


cdef bint names_next_or_previous_c(const unsigned char* data, Py_ssize_t end) noexcept nogil:
    # From each "=" (1 % of a page's bytes, "r" 3.6 %: measured, see BYTE_FREQUENCY).
    cdef const void* found
    cdef Py_ssize_t at = 3
    while at < end:
        found = memchr(data + at, 61, end - at)  # =
        if found == NULL:
            return False
        at = <const unsigned char*>found - data
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
