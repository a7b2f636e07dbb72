# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The simhash of ``crawler.pagejob.fingerprints`` in C: the same feature hash and vote, the same fingerprints
(its numpy code is this module's Python twin, used when this module is not built).

``configure`` takes the feature hash's constants from ``fingerprints`` once (they are written there only). Then:

- ``simhash_ascii(text, min_tokens)``: the fingerprint of a text whose tokens are its runs of ASCII word
  characters (``fingerprints._words``' plain case), tokenised, lower-cased and hashed in one pass over the str;
- ``simhash_joined(data, min_tokens)``: the fingerprint of tokens already joined by single spaces, case-folded
  and encoded in UTF-8 (the numpy code's input).

Both give None for fewer than ``min_tokens`` tokens; arithmetic is uint64, wrapping modulo 2^64 as numpy's does.

And the text that ``content_hash`` hashes: ``folded_utf8(text)`` is ``" ".join(text.split()).casefold()`` in
UTF-8 for an NFKC-normalised text, or None when the text holds a character it leaves to Python (one that folds to
several, or one outside the table ``configure_fold`` gave and the caseless CJK blocks).
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uint32_t, uint64_t

cdef extern from *:
    """
    #ifndef CFINGERPRINT_SOURCE_SHA256
    #define CFINGERPRINT_SOURCE_SHA256 ""
    #endif
    """
    const char* CFINGERPRINT_SOURCE_SHA256

# The SHA-256 of the .pyx this module was built from (setup.py passes it), so a caller can refuse a stale build.
SOURCE_SHA256 = (<bytes>CFINGERPRINT_SOURCE_SHA256).decode("ascii")

cdef enum:
    MAX_SHINGLE = 16  # shingle weights configure accepts
    BITS = 64  # a fingerprint's bits

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
    """Charikar's vote over the shingles of ``count`` token hashes."""
    cdef Py_ssize_t shingles = count - _shingle + 1
    cdef Py_ssize_t start, offset
    cdef int bit
    cdef uint64_t combined, fingerprint = 0
    cdef int64_t votes[BITS]
    if shingles <= 0:
        return 0
    for bit in range(BITS):
        votes[bit] = 0
    for start in range(shingles):
        combined = 0
        for offset in range(_shingle):
            combined += hashes[start + offset] * _weights[offset]
        combined = _mix(combined)
        for bit in range(BITS):
            votes[bit] += (combined >> bit) & 1
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


def simhash_ascii(str text, Py_ssize_t min_tokens):
    """The fingerprint of the runs of ASCII word characters ``[A-Za-z0-9_]`` in ``text``, lower-cased; every
    other character separates them. None for fewer than ``min_tokens`` runs."""
    cdef uint64_t* hashes = _buffer(len(text) // 2 + 1)  # runs are separated: at most half the characters + 1
    cdef Py_ssize_t count = 0
    cdef uint64_t polynomial = 0, power = 1, length = 0, byte
    cdef Py_UCS4 character
    try:
        for character in text:
            if (c'a' <= character <= c'z') or (c'0' <= character <= c'9') or character == c'_':
                byte = <uint64_t>character
            elif c'A' <= character <= c'Z':
                byte = <uint64_t>character + 32  # lower case
            else:
                if length:
                    hashes[count] = _mix(polynomial + length)
                    count += 1
                    polynomial, power, length = 0, 1, 0
                continue
            polynomial += byte * power
            power *= _base
            length += 1
        if length:
            hashes[count] = _mix(polynomial + length)
            count += 1
        if count < min_tokens:
            return None
        return _vote(hashes, count)
    finally:
        PyMem_Free(hashes)


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


# Case folding of the code points below _fold_size: each one's fold when it is one code point, else 0 (Python folds
# the text). Hiragana, Katakana, CJK ideographs and Hangul syllables fold to themselves (checked by
# tests/test_simhash_compiled.py on every code point).
cdef Py_UCS4* _fold = NULL
cdef Py_ssize_t _fold_size = 0


def configure_fold(str folds):
    """``folds[i]``: the case folding of code point i, "\\0" where it is several code points."""
    global _fold, _fold_size
    cdef Py_UCS4* table = <Py_UCS4*>PyMem_Malloc(max(len(folds), 1) * sizeof(Py_UCS4))
    cdef Py_ssize_t index = 0
    cdef Py_UCS4 character
    if table == NULL:
        raise MemoryError()
    for character in folds:
        table[index] = character
        index += 1
    PyMem_Free(_fold)
    _fold, _fold_size = table, len(folds)


cdef inline bint _caseless(Py_UCS4 character) noexcept nogil:
    return (0x3040 <= character < 0xA000) or (0xAC00 <= character < 0xD7A4)


def folded_utf8(str text):
    """``" ".join(text.split()).casefold().encode("utf-8")``, or None when a character is left to Python."""
    cdef Py_ssize_t size = 0
    cdef char* out = <char*>PyMem_Malloc(5 * len(text) + 1)  # a space and four bytes at most per character
    cdef bint space = False
    cdef Py_UCS4 character
    cdef uint32_t folded  # a code point as a number (Cython's Py_UCS4 arithmetic makes str)
    if out == NULL:
        raise MemoryError()
    try:
        for character in text:
            if character.isspace():  # str.split's white space (Py_UNICODE_ISSPACE)
                space = size > 0
                continue
            if character < _fold_size:
                folded = <uint32_t>_fold[character]
                if folded == 0:
                    return None
            elif _caseless(character):
                folded = <uint32_t>character
            else:
                return None
            if space:
                out[size] = 32
                size += 1
                space = False
            if folded < 0x80:
                out[size] = <char>folded
                size += 1
            elif folded < 0x800:
                out[size] = <char>(0xC0 | (folded >> 6))
                out[size + 1] = <char>(0x80 | (folded & 0x3F))
                size += 2
            elif folded < 0x10000:
                if 0xD800 <= folded < 0xE000:  # a lone surrogate: str.encode raises, and so does Python's path
                    return None
                out[size] = <char>(0xE0 | (folded >> 12))
                out[size + 1] = <char>(0x80 | ((folded >> 6) & 0x3F))
                out[size + 2] = <char>(0x80 | (folded & 0x3F))
                size += 3
            else:
                out[size] = <char>(0xF0 | (folded >> 18))
                out[size + 1] = <char>(0x80 | ((folded >> 12) & 0x3F))
                out[size + 2] = <char>(0x80 | ((folded >> 6) & 0x3F))
                out[size + 3] = <char>(0x80 | (folded & 0x3F))
                size += 4
        return PyBytes_FromStringAndSize(out, size)
    finally:
        PyMem_Free(out)
