# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The simhash of ``crawler.pagejob.fingerprints`` in C: the same feature hash and vote, the same fingerprints
(its numpy code is this module's Python twin, used when this module is not built).

``configure`` takes the feature hash's constants from ``fingerprints`` once (they are written there only), and
``configure_characters`` the class and case folding of every code point of the Basic Multilingual Plane. Then:

- ``simhash_text(text, min_tokens)``: the fingerprint of ``text`` tokenised as ``crawler.extractors.document.text.tokens``
  does and case-folded, in one pass over the str; -1 when the text holds a character it leaves to Python (an
  unspaced script; a character beyond the BMP that ``configure_astral`` does not call plain, or that folds to
  several without ``configure_folds``);
- ``simhash_joined(data, min_tokens)``: the fingerprint of tokens already joined by single spaces, case-folded
  and encoded in UTF-8 (the numpy code's input).

Both give None for fewer than ``min_tokens`` tokens; arithmetic is uint64, wrapping modulo 2^64 as numpy's does.

And the text that ``content_hash`` hashes: ``folded_utf8(text)`` is ``" ".join(text.split()).casefold()`` in
UTF-8 for an NFKC-normalised text, or None when the text holds a character it leaves to Python;
``nfkc_folded_utf8(text)`` is ``folded_utf8`` of the text's NFKC for a text whose NFKC is that of its characters one
by one (``configure_normalization`` gives each BMP code point's kind and expansion), else None.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport Py_UNICODE_ISSPACE
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.string cimport memcpy

cdef extern from *:
    """
    #ifndef CFINGERPRINT_SOURCE_DIGEST
    #define CFINGERPRINT_SOURCE_DIGEST ""
    #endif
    """
    const char* CFINGERPRINT_SOURCE_DIGEST

# The digest (CRC-32 and size) of the .pyx this module was built from (setup.py passes it), so a caller can refuse a stale build.
SOURCE_DIGEST = (<bytes>CFINGERPRINT_SOURCE_DIGEST).decode("ascii")

cdef enum:
    MAX_SHINGLE = 16  # shingle weights configure accepts
    BITS = 64  # a fingerprint's bits
    PLANE = 0x10000  # the code points configure_characters describes (the Basic Multilingual Plane)
    # Classes of a code point (``fingerprints.character_classes``):
    SEPARATOR = 0  # no token holds it
    RUN = 1  # a letter, digit or combining mark: tokens are maximal runs of these
    SINGLE = 2  # a CJK character: a token of its own
    PYTHON = 3  # left to Python (an unspaced script; a character whose class depends on its neighbours)
    MAX_LANE_COUNT = 255  # shingles a byte counter of the vote holds
    # The NFKC of a code point (``fingerprints.nfkc_kinds``): the text's NFKC is that of its characters one by one
    # when every character has one of these kinds.
    NFKC_ELSEWHERE = 0  # may change with its neighbours (or is beyond the BMP): the text is left to Python
    NFKC_ITSELF = 1
    NFKC_EXPANDED = 2  # another string (``_expansions``)
    # Case foldings of several code points (``configure_folds``) hold at most this many (Python's casefold gives 3).
    MAX_FOLD = 3
    # Output bytes a character may write in ``folded_utf8``: a space and a folding of MAX_FOLD BMP code points.
    MAX_FOLDED_BYTES = 1 + 3 * MAX_FOLD
    # Code points beyond the BMP that ``configure_astral`` may describe.
    MAX_ASTRAL = 0x1000

cdef extern from *:
    """
    #define CFINGERPRINT_BYTE_ONES 0x0101010101010101ULL
    """
    const uint64_t BYTE_ONES "CFINGERPRINT_BYTE_ONES"

cdef uint64_t _base = 0
cdef uint64_t _multiplier0 = 0
cdef uint64_t _multiplier1 = 0
cdef unsigned int _shift = 0
cdef uint64_t _weights[MAX_SHINGLE]
cdef Py_ssize_t _shingle = 0
cdef unsigned char _separator = 32
cdef bint _configured = False


def configure(token_base, shingle_weights, mix_shift, mix_multipliers, word_separator):
    """The feature hash's constants (``fingerprints``: TOKEN_BASE, SHINGLE_WEIGHTS, MIX_SHIFT, MIX_MULTIPLIERS,
    WORD_SEPARATOR)."""
    global _base, _multiplier0, _multiplier1, _shift, _shingle, _separator, _configured
    if not 0 < len(shingle_weights) <= MAX_SHINGLE:
        raise ValueError(f"between 1 and {MAX_SHINGLE} shingle weights, not {len(shingle_weights)}")
    _base = token_base
    _multiplier0, _multiplier1 = mix_multipliers
    _shift = mix_shift
    _shingle = len(shingle_weights)
    for index, weight in enumerate(shingle_weights):
        _weights[index] = weight
    _separator = word_separator
    _configured = True


cdef inline uint64_t _mix(uint64_t value) noexcept nogil:
    value ^= value >> _shift
    value *= _multiplier0
    value ^= value >> _shift
    value *= _multiplier1
    value ^= value >> _shift
    return value


cdef object _vote(uint64_t* hashes, Py_ssize_t count):
    """Charikar's vote over the shingles of ``count`` token hashes. Bit 8k+j of every feature is counted in byte k
    of ``lanes[j]`` (eight additions a shingle, not 64), and the byte counters are emptied into ``votes`` before one
    can pass 255: the same counts as a counter per bit, for an eighth of the additions."""
    cdef Py_ssize_t shingles = count - _shingle + 1
    cdef Py_ssize_t start, offset, pending = 0
    cdef int bit, lane
    cdef uint64_t combined, fingerprint = 0
    cdef int64_t votes[BITS]
    cdef uint64_t lanes[8]
    if shingles <= 0:
        return 0
    for bit in range(BITS):
        votes[bit] = 0
    for lane in range(8):
        lanes[lane] = 0
    for start in range(shingles):
        combined = 0
        for offset in range(_shingle):
            combined += hashes[start + offset] * _weights[offset]
        combined = _mix(combined)
        for lane in range(8):
            lanes[lane] += (combined >> lane) & BYTE_ONES
        pending += 1
        if pending == MAX_LANE_COUNT or start == shingles - 1:
            for lane in range(8):
                for bit in range(8):
                    votes[8 * bit + lane] += (lanes[lane] >> (8 * bit)) & 0xFF
                lanes[lane] = 0
            pending = 0
    for bit in range(BITS):
        if 2 * votes[bit] - shingles > 0:
            fingerprint |= (<uint64_t>1) << bit
    return fingerprint


cdef uint64_t* _buffer(Py_ssize_t size) except NULL:
    if not _configured:
        raise RuntimeError("cfingerprint.configure was not called")
    cdef uint64_t* hashes = <uint64_t*>PyMem_Malloc((size if size > 0 else 1) * sizeof(uint64_t))
    if hashes == NULL:
        raise MemoryError()
    return hashes


def simhash_joined(const unsigned char[:] data, Py_ssize_t min_tokens):
    """The fingerprint of UTF-8 tokens joined by single separators (each separator ends one token). None for
    fewer than ``min_tokens`` tokens."""
    cdef Py_ssize_t size = data.shape[0], index, count = 0
    cdef uint64_t* hashes = _buffer(size + 1)
    cdef uint64_t polynomial = 0, power = 1, length = 0, byte
    try:
        for index in range(size):
            byte = data[index]
            if byte == _separator:
                hashes[count] = _mix(polynomial + length)
                count += 1
                polynomial, power, length = 0, 1, 0
                continue
            polynomial += byte * power
            power *= _base
            length += 1
        hashes[count] = _mix(polynomial + length)
        count += 1
        if count < min_tokens:
            return None
        return _vote(hashes, count)
    finally:
        PyMem_Free(hashes)


# Per code point of the BMP: its class and its case folding (0 where it folds to several code points).
cdef unsigned char _classes[PLANE]
cdef uint32_t _folds[PLANE]
cdef bint _characters = False
def configure_characters(bytes classes, str folds):
    """``classes[i]``: the class of code point i (SEPARATOR, RUN, SINGLE, PYTHON); ``folds[i]``: its case folding,
    "\\0" where it is several code points."""
    global _characters
    cdef Py_ssize_t index = 0
    cdef Py_UCS4 character
    if len(classes) != PLANE or len(folds) != PLANE:
        raise ValueError(f"{PLANE} classes and folds, not {len(classes)} and {len(folds)}")
    memcpy(_classes, <const char*>classes, PLANE)
    for character in folds:
        _folds[index] = <uint32_t>character
        index += 1
    _characters = True
    _configure_ascii()


# Per code point of the BMP folding to several (``_folds`` 0): where its folding lies in ``_fold_pool``
# (``_fold_start``, ``_fold_length`` code points; 0 when not described: the text is left to Python).
cdef uint32_t _fold_start[PLANE]
cdef unsigned char _fold_length[PLANE]
cdef uint32_t* _fold_pool = NULL


cdef uint32_t* _pooled(dict strings, Py_ssize_t total, uint32_t* starts, unsigned char* lengths) except NULL:
    """The characters of ``strings`` ({code point: str}, ``total`` characters in all) in one new buffer, each
    string's start and length in it filed under its code point (the tables of ``configure_folds`` and
    ``configure_normalization``)."""
    cdef uint32_t* pool = <uint32_t*>PyMem_Malloc((total if total > 0 else 1) * sizeof(uint32_t))
    cdef Py_ssize_t position = 0
    cdef Py_UCS4 character
    if pool == NULL:
        raise MemoryError()
    for code, text in strings.items():
        starts[code] = <uint32_t>position
        lengths[code] = <unsigned char>len(text)
        for character in text:
            pool[position] = <uint32_t>character
            position += 1
    return pool


def configure_folds(dict folds):
    """The case foldings of several code points, {BMP code point: its ``casefold()``, 2 to MAX_FOLD BMP
    characters} (ß -> ss): a text holding one (German texts) is then folded here rather than left to Python (emoji
    are ``configure_astral``'s)."""
    global _fold_pool
    cdef Py_ssize_t total = 0
    if not _characters:
        raise RuntimeError("cfingerprint.configure_characters was not called")
    for code, folded in folds.items():
        if not 0 <= code < PLANE or _folds[code] != 0 or not 1 < len(folded) <= MAX_FOLD \
                or max(map(ord, folded)) >= PLANE:
            raise ValueError(f"U+{code:04X}: a folding of 2 to {MAX_FOLD} BMP characters for a code point that "
                             "configure_characters left to Python")
        total += len(folded)
    for code in range(PLANE):
        _fold_length[code] = 0
    cdef uint32_t* pool = _pooled(folds, total, _fold_start, _fold_length)
    PyMem_Free(_fold_pool)
    _fold_pool = pool


# Code points beyond the BMP from ``_astral_start``: 1 for one that separates tokens, is its own NFKC and case folding,
# composes with no neighbour and is no white space (an emoji), 0 for any other (its text is left to Python).
cdef uint32_t _astral_start = 0
cdef Py_ssize_t _astral_size = 0
cdef unsigned char _astral_plain[MAX_ASTRAL]


def configure_astral(uint32_t start, bytes plain):
    """``plain[i]``: 1 when code point ``start + i`` (beyond the BMP) is such a plain separator
    (``fingerprints.astral_plain``), else 0."""
    global _astral_start, _astral_size
    if start < PLANE or len(plain) > MAX_ASTRAL:
        raise ValueError(f"at most {MAX_ASTRAL} code points from one beyond the BMP")
    _astral_size = 0
    memcpy(_astral_plain, <const char*>plain, len(plain))
    _astral_start = start
    _astral_size = len(plain)


cdef inline bint _plain_astral(uint32_t code) noexcept nogil:
    return code >= _astral_start and code - _astral_start < <uint32_t>_astral_size and _astral_plain[code - _astral_start]


cdef inline int _folding(uint32_t code, uint32_t* out) noexcept nogil:
    """The case folding of BMP code point ``code`` written to ``out`` (MAX_FOLD at most): its length, 0 when it is left
    to Python."""
    cdef uint32_t folded = _folds[code]
    cdef int length, index
    if folded != 0:
        out[0] = folded
        return 1
    length = _fold_length[code]
    for index in range(length):
        out[index] = _fold_pool[_fold_start[code] + index]
    return length


cdef inline int _utf8(uint32_t code, unsigned char* out) noexcept nogil:
    """Writes the UTF-8 bytes of ``code``; 0 for a surrogate (str.encode refuses it)."""
    if code < 0x80:
        out[0] = <unsigned char>code
        return 1
    if code < 0x800:
        out[0] = <unsigned char>(0xC0 | (code >> 6))
        out[1] = <unsigned char>(0x80 | (code & 0x3F))
        return 2
    if code < 0x10000:
        if 0xD800 <= code < 0xE000:
            return 0
        out[0] = <unsigned char>(0xE0 | (code >> 12))
        out[1] = <unsigned char>(0x80 | ((code >> 6) & 0x3F))
        out[2] = <unsigned char>(0x80 | (code & 0x3F))
        return 3
    out[0] = <unsigned char>(0xF0 | (code >> 18))
    out[1] = <unsigned char>(0x80 | ((code >> 12) & 0x3F))
    out[2] = <unsigned char>(0x80 | ((code >> 6) & 0x3F))
    out[3] = <unsigned char>(0x80 | (code & 0x3F))
    return 4


def simhash_text(str text, Py_ssize_t min_tokens):
    """The fingerprint of the text's tokens, case-folded; None for fewer than ``min_tokens``, -1 when a character
    is left to Python."""
    if not _characters:
        raise RuntimeError("cfingerprint.configure_characters was not called")
    cdef uint64_t* hashes = _buffer(len(text) + 1)  # at most one token a character
    cdef Py_ssize_t count = 0
    cdef uint64_t polynomial = 0, power = 1, length = 0
    cdef unsigned char kind
    cdef unsigned char encoded[4]
    cdef int size, index
    cdef uint32_t code
    cdef uint32_t folded[MAX_FOLD]
    cdef int folded_length, part
    cdef Py_UCS4 character
    try:
        for character in text:
            code = <uint32_t>character
            if code < 0x80 and _ascii_run[code]:  # the general path below, for a plain ASCII letter or digit
                polynomial += _folds[code] * power
                power *= _base
                length += 1
                continue
            if code >= PLANE:
                if not _plain_astral(code):
                    return -1
                kind = SEPARATOR
            else:
                kind = _classes[code]
            if kind == SEPARATOR:
                if length:
                    hashes[count] = _mix(polynomial + length)
                    count += 1
                    polynomial, power, length = 0, 1, 0
                continue
            if kind == PYTHON:
                return -1
            folded_length = _folding(code, folded)
            if folded_length == 0:
                return -1
            if kind == SINGLE and length:  # a CJK character ends the run before it
                hashes[count] = _mix(polynomial + length)
                count += 1
                polynomial, power, length = 0, 1, 0
            for part in range(folded_length):  # casefold() of the joined tokens folds each character alone
                size = _utf8(folded[part], encoded)
                if size == 0:
                    return -1
                for index in range(size):
                    polynomial += encoded[index] * power
                    power *= _base
                length += size
            if kind == SINGLE:
                hashes[count] = _mix(polynomial + length)
                count += 1
                polynomial, power, length = 0, 1, 0
        if length:
            hashes[count] = _mix(polynomial + length)
            count += 1
        if count < min_tokens:
            return None
        return _vote(hashes, count)
    finally:
        PyMem_Free(hashes)


def folded_utf8(str text):
    """``" ".join(text.split()).casefold().encode("utf-8")``, or None when a character is left to Python."""
    if not _characters:
        raise RuntimeError("cfingerprint.configure_characters was not called")
    cdef Py_ssize_t size = 0
    cdef char* out = <char*>PyMem_Malloc(MAX_FOLDED_BYTES * len(text) + 1)
    cdef bint space = False
    cdef Py_UCS4 character
    if out == NULL:
        raise MemoryError()
    try:
        for character in text:
            size = _fold_into(<uint32_t>character, out, size, &space)
            if size < 0:
                return None
        return PyBytes_FromStringAndSize(out, size)
    finally:
        PyMem_Free(out)


# Per code point of the BMP: the kind of its NFKC (NFKC_ELSEWHERE, NFKC_ITSELF, NFKC_EXPANDED) and, for an expanded
# one, where its NFKC lies in ``_expansions`` (``_expansion_start``, ``_expansion_length`` code points).
cdef unsigned char _nfkc[PLANE]
cdef uint32_t _expansion_start[PLANE]
cdef unsigned char _expansion_length[PLANE]
cdef uint32_t* _expansions = NULL
cdef bint _normalization = False

# Per ASCII code point, what the general paths would do with it, so that they are skipped for most characters of a text
# (for a plain ASCII letter the general path's table reads and branches are most of the work): 1 in ``_ascii_run`` for a
# RUN character whose folding is one ASCII character (``simhash_text`` adds that byte to the token), 1 in
# ``_ascii_plain`` for a character that is no white space, its own NFKC and folds to one ASCII character
# (``nfkc_folded_utf8`` writes that byte). Set by ``_configure_ascii`` from the tables, on every configure call.
cdef unsigned char _ascii_run[0x80]
cdef unsigned char _ascii_plain[0x80]


cdef void _configure_ascii() noexcept:
    cdef uint32_t code, folded
    for code in range(0x80):
        folded = _folds[code] if _characters else 0
        _ascii_run[code] = _classes[code] == RUN and 0 < folded < 0x80
        _ascii_plain[code] = (_normalization and _nfkc[code] == NFKC_ITSELF and 0 < folded < 0x80
                              and not Py_UNICODE_ISSPACE(code))


def configure_normalization(bytes kinds, dict expansions):
    """``kinds[i]``: NFKC_ELSEWHERE, NFKC_ITSELF or NFKC_EXPANDED for code point i; ``expansions``: the NFKC of each
    expanded code point, {code point: str of BMP characters}."""
    global _expansions, _normalization
    cdef Py_ssize_t total = 0
    if len(kinds) != PLANE:
        raise ValueError(f"{PLANE} kinds, not {len(kinds)}")
    for code, expanded in expansions.items():
        if not 0 < len(expanded) < 256 or kinds[code] != NFKC_EXPANDED:
            raise ValueError(f"U+{code:04X}: an expansion of 1 to 255 characters for an expanded code point")
        total += len(expanded)
    cdef uint32_t* pool = _pooled(expansions, total, _expansion_start, _expansion_length)
    memcpy(_nfkc, <const char*>kinds, PLANE)
    PyMem_Free(_expansions)
    _expansions = pool
    _normalization = True
    _configure_ascii()


cdef inline Py_ssize_t _fold_into(uint32_t code, char* out, Py_ssize_t size, bint* space) noexcept:
    """One character of ``folded_utf8``'s output written at ``out[size]``: the new size, -1 when it is left to
    Python."""
    cdef uint32_t folded[MAX_FOLD]
    cdef int written, length, part
    if Py_UNICODE_ISSPACE(code):  # str.split's white space
        space[0] = size > 0
        return size
    if code >= PLANE:
        if not _plain_astral(code):
            return -1
        folded[0] = code  # its own folding
        length = 1
    else:
        length = _folding(code, folded)
        if length == 0:
            return -1
    if space[0]:
        out[size] = 32
        size += 1
        space[0] = False
    for part in range(length):
        written = _utf8(folded[part], <unsigned char*>out + size)
        if written == 0:  # a lone surrogate: str.encode raises, and so does Python's path
            return -1
        size += written
    return size


def nfkc_folded_utf8(str text):
    """``folded_utf8(unicodedata.normalize("NFKC", text))`` for a text whose NFKC is that of its characters one by
    one (each of kind NFKC_ITSELF or NFKC_EXPANDED), None for any other text or when a character is left to
    Python."""
    if not _characters or not _normalization:
        raise RuntimeError("cfingerprint.configure_characters and configure_normalization were not called")
    # MAX_FOLDED_BYTES at most a code point written, as folded_utf8's; grown for an expansion.
    cdef Py_ssize_t size = 0, left = len(text), capacity = MAX_FOLDED_BYTES * left + 1, needed
    cdef Py_ssize_t index, end
    cdef char* out = <char*>PyMem_Malloc(capacity)
    cdef char* grown
    cdef bint space = False
    cdef Py_UCS4 character
    cdef uint32_t code
    cdef unsigned char kind
    if out == NULL:
        raise MemoryError()
    try:
        for character in text:
            code = <uint32_t>character
            if code < 0x80 and _ascii_plain[code]:  # the general path below (_fold_into), for a plain ASCII character
                if space:
                    out[size] = 32
                    size += 1
                    space = False
                out[size] = <char>_folds[code]
                size += 1
                left -= 1
                continue
            if code >= PLANE:  # a plain one (an emoji) is its own NFKC, composing with nothing
                kind = NFKC_ITSELF if _plain_astral(code) else NFKC_ELSEWHERE
            else:
                kind = _nfkc[code]
            if kind == NFKC_ITSELF:
                size = _fold_into(code, out, size, &space)
                if size < 0:
                    return None
            elif kind == NFKC_EXPANDED:
                index = _expansion_start[code]
                end = index + _expansion_length[code]
                needed = size + MAX_FOLDED_BYTES * (end - index + left - 1) + 1  # this expansion, then the rest
                if needed > capacity:
                    capacity = 2 * needed
                    grown = <char*>PyMem_Realloc(out, capacity)
                    if grown == NULL:
                        raise MemoryError()
                    out = grown
                while index < end:
                    size = _fold_into(_expansions[index], out, size, &space)
                    if size < 0:
                        return None
                    index += 1
            else:
                return None
            left -= 1
        return PyBytes_FromStringAndSize(out, size)
    finally:
        PyMem_Free(out)


cdef extern from "Python.h":
    Py_UCS4 PyUnicode_MAX_CHAR_VALUE(object text)
    int PyUnicode_KIND(object text)
    void* PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index) noexcept nogil

cdef enum:
    MAX_RANGES = 16  # ranges ``first_in_ranges`` takes


def first_in_ranges(str text, tuple ranges):
    """The index of the first character of ``text`` that lies in one of ``ranges`` (pairs of first and last code
    point), or -1: ``re.search`` of that character class (``crawler.pagejob.pagetypes`` looks for CJK so), with two
    comparisons a character and none for a text whose kind cannot hold such a character (a Latin-1 one)."""
    cdef uint32_t firsts[MAX_RANGES]
    cdef uint32_t lasts[MAX_RANGES]
    cdef Py_ssize_t count = len(ranges), index, at, size = len(text)
    cdef uint32_t lowest = 0xFFFFFFFF, code
    cdef int kind
    cdef void* data
    if count > MAX_RANGES:
        raise ValueError(f"at most {MAX_RANGES} ranges")
    for index in range(count):
        firsts[index], lasts[index] = ranges[index]
        if firsts[index] < lowest:
            lowest = firsts[index]
    if PyUnicode_MAX_CHAR_VALUE(text) < lowest:
        return -1
    kind = PyUnicode_KIND(text)
    data = PyUnicode_DATA(text)
    for at in range(size):
        code = PyUnicode_READ(kind, data, at)
        if code < lowest:
            continue
        for index in range(count):
            if firsts[index] <= code <= lasts[index]:
                return at
    return -1
