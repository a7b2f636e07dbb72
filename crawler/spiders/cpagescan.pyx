# cython: language_level=3, boundscheck=False, wraparound=False
"""The spider's byte questions of a page (``crawler.spiders.pagelinks``) in C, without lowering the page first:
ASCII case is folded as each byte is compared, so the answers are those of the Python twin on ``body.lower()``.

- ``find_folded(body, needle, start, end)``: ``body.lower().find(needle, start, end)`` for a lower-case needle and
  0 <= start, end <= len(body);
- ``names_next_or_previous(body)``: whether ``REL_WORD_BYTES_RE``
  (``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)``) matches ``body.lower()``.

The twin lowers the page (~1 million instructions for a 170 KB page) and runs a regex over it (~1 million more);
here the first letter is found with memchr in both cases and the rest compared in place.
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


cdef Py_ssize_t find_folded_c(const unsigned char* data, Py_ssize_t at, Py_ssize_t end, const unsigned char* word,
                              Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t lower_at = -2
    cdef Py_ssize_t upper_at = -2
    while True:
        at = next_folded(data, at, end - length + 1, word[0], &lower_at, &upper_at)
        if at < 0 or folded_at(data, at + 1, end, word + 1, length - 1):
            return at
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


cdef bint rel_names_next_or_previous(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil:
    """Whether ``\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` matches (folded) from ``at``, just after a "rel".
    A run of [\\w-] can only be followed by blanks where it ends, so the regex's backtracking has one way to go."""
    while at < end and is_space(data[at]):
        at += 1
    if at >= end or data[at] != 61:  # =
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
    cdef Py_ssize_t at = 0
    cdef Py_ssize_t lower_at = -2
    cdef Py_ssize_t upper_at = -2
    while True:
        at = next_folded(data, at, end - 2, 114, &lower_at, &upper_at)  # r
        if at < 0:
            return False
        if fold(data[at + 1]) == 101 and fold(data[at + 2]) == 108 and \
                rel_names_next_or_previous(data, at + 3, end):  # e, l
            return True
        at += 1


def names_next_or_previous(const unsigned char[::1] body) -> bool:
    """Whether ``rel\\s*=\\s*["']?(?:[\\w-]+\\s+)*(?:next|prev)`` matches ``body.lower()``."""
    cdef bint found
    if body.shape[0] < 3:
        return False
    with nogil:
        found = names_next_or_previous_c(&body[0], body.shape[0])
    return found
