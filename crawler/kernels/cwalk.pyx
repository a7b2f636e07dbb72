# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The block walk of ``crawler.extractors.document.blockwalk`` over libxml2's nodes in C, and the tree reads around it
(optional accelerator; each function has a Python twin giving the same results, tests/test_compiled_walk.py).

The walk has the same events as ``_walk_blocks`` over ``etree.iterwalk`` (start and end of every element, depth
first, comments and processing instructions passed over, the walked element's own tail last), read from the
nodes' fields: an lxml proxy is made only for what the result holds (block containers, hidden elements) or for a
rare case (a hidden element that might swallow the page, a line number libxml2 stores elsewhere). Block text,
counts and labels are built as ``blockwalk._BlockBuilder`` builds them, with its Python helpers (``tokens``,
``wrap_counts``, ``visible_length``) handed over once by ``configure``; ASCII text, and text whose characters the
library's token table classes as plain (accents, typographic punctuation, Greek, Cyrillic, CJK), is counted and white
space normalised here, and a block is made by filling TextBlock's slots as its __init__ does (``configure_blocks``).

Positions are kept in a table keyed by node address (``NodePositions``), not by proxy: the index answers for any
proxy of a walked node, and the walk makes no proxy for the other 2/3 of the elements. An address names its node
while the node lives; the index keeps the walked element, so its document and every node still in it, alive (the
library never removes a walked element afterwards).

Built against the lxml of the build (its ``etreepublic.pxd`` and libxml2 headers); importing refuses a runtime
lxml of another version, whose structures may differ (the caller then walks in Python).
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.string cimport memset, strcmp, strstr

cimport lxml.includes.etreepublic as cetree
from lxml.includes cimport tree
from lxml.includes.etreepublic cimport LXML_VERSION_STRING

import lxml.etree

cdef extern from *:
    """
    #ifndef CWALK_SOURCE_DIGEST
    #define CWALK_SOURCE_DIGEST ""
    #endif
    """
    const char* CWALK_SOURCE_DIGEST

# The digest (CRC-32 and size) of the .pyx this module was built from (setup.py passes it), so a caller can refuse a stale build.
SOURCE_DIGEST = (<bytes>CWALK_SOURCE_DIGEST).decode("ascii")
BUILT_WITH_LXML = (<bytes>LXML_VERSION_STRING).decode("ascii")
if lxml.etree.__version__ != BUILT_WITH_LXML:
    raise ImportError(f"compiled against lxml {BUILT_WITH_LXML}, running lxml {lxml.etree.__version__}")
cetree.import_lxml__etree()

# libxml2 stores a line above this in another field; lxml's ``sourceline`` (xmlGetLineNo) finds it there.
cdef unsigned short LINE_OVERFLOW = 65535

# Walk events of ``blockwalk.TAG_KINDS`` (the same codes).
cdef int KIND_LABELLED = 0, KIND_BLOCK = 1, KIND_ANCHOR = 2, KIND_BREAK = 3

# The tag table, filled by ``configure``: names (kept alive by _names), codes and labels by index.
cdef enum:
    TABLE_SIZE = 512
cdef int _slots[TABLE_SIZE]
cdef const char* _slot_names[TABLE_SIZE]
cdef int _codes[256]
cdef list _names = []
cdef list _labels = []
cdef object _swallowing = frozenset()
cdef object _hidden_style_search = None
cdef object _has_block = None
cdef object _tokens = None
cdef object _wrap_counts = None
cdef object _visible_length = None
cdef object _text_block = None
cdef str _line_break = "\x00"
cdef str _separator = "\x01"
cdef bint _configured = False
cdef bint _ascii_counts_on = False
cdef Py_ssize_t _wrap_columns = 80

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object text)
    const unsigned char* PyUnicode_1BYTE_DATA(object text)
    Py_ssize_t PyUnicode_GET_LENGTH(object text)

cdef extern from *:
    """
    static PyObject* cwalk_alloc(PyObject* cls) { return ((PyTypeObject*)cls)->tp_alloc((PyTypeObject*)cls, 0); }
    """
    object cwalk_alloc(object cls)  # a new, empty instance (every slot NULL), as object.__new__ makes it


cdef extern from "Python.h":
    ctypedef struct PyObject
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    void Py_INCREF(object value)
    void Py_XDECREF(PyObject* value)


# The slots of blocks.TextBlock this module fills, in this order; a TextBlock with other slots is made by its own
# __init__ (configure_blocks says so).
BLOCK_SLOTS = ("_merged_texts", "_text", "decisions", "element", "elements", "is_content", "labels", "num_chars",
               "num_chars_in_anchor_text", "num_words", "num_words_in_anchor_text", "num_words_in_wrapped_lines",
               "num_wrapped_lines", "offset_blocks_end", "offset_blocks_start", "source_line", "tag_level")
cdef enum:
    S_MERGED, S_TEXT, S_DECISIONS, S_ELEMENT, S_ELEMENTS, S_IS_CONTENT, S_LABELS, S_CHARS, S_ANCHOR_CHARS, S_WORDS,
    S_ANCHOR_WORDS, S_WRAPPED_WORDS, S_WRAPPED_LINES, S_END, S_START, S_SOURCE_LINE, S_LEVEL, N_SLOTS
cdef Py_ssize_t _slot_offsets[N_SLOTS]
cdef object _block_class = None
cdef bint _block_slots_on = False


def configure_blocks(cls):
    """Learns where a TextBlock keeps each slot, so the walk makes blocks by filling them as TextBlock.__init__ does
    (_make_block; its Python code would be a sizeable share of the compiled walk); True when the
    class has exactly BLOCK_SLOTS. tests/test_compiled_walk.py compares every slot of both walks' blocks."""
    global _block_class, _block_slots_on
    _block_slots_on = False
    _block_class = cls
    if not isinstance(cls, type) or tuple(sorted(getattr(cls, "__slots__", ()))) != BLOCK_SLOTS:
        return False
    member = type(cls.__dict__["_text"])
    for i, name in enumerate(BLOCK_SLOTS):
        descriptor = cls.__dict__.get(name)
        if type(descriptor) is not member:
            return False
        _slot_offsets[i] = (<PyMemberDescrObject*>descriptor).d_member.offset
    _block_slots_on = True
    return True


cdef inline void _set_slot(object block, int slot, object value) noexcept:
    """A slot of a freshly allocated block (NULL before) takes a new reference to value."""
    cdef PyObject** field = <PyObject**>(<char*><PyObject*>block + _slot_offsets[slot])
    Py_INCREF(value)
    Py_XDECREF(field[0])
    field[0] = <PyObject*>value


cdef inline object _new_block():
    return cwalk_alloc(_block_class)


cdef object _make_block(str text, Py_ssize_t words, Py_ssize_t linked, Py_ssize_t in_wrapped, Py_ssize_t wrapped,
                        Py_ssize_t offset, Py_ssize_t level, object container, set labels, Py_ssize_t chars,
                        object anchor_chars, object source_line):
    """``TextBlock(text, words, linked, in_wrapped, wrapped, offset, level, container, labels, num_chars=chars,
    num_chars_in_anchor_text=anchor_chars, source_line=source_line)``, as its __init__ fills it."""
    if not _block_slots_on:
        return _text_block(text, words, linked, in_wrapped, wrapped, offset, level, container, labels,
                           num_chars=chars, num_chars_in_anchor_text=anchor_chars, source_line=source_line)
    block = _new_block()
    _set_slot(block, S_TEXT, text)
    _set_slot(block, S_MERGED, None)
    _set_slot(block, S_WORDS, words)
    _set_slot(block, S_ANCHOR_WORDS, linked)
    _set_slot(block, S_WRAPPED_WORDS, in_wrapped)
    _set_slot(block, S_WRAPPED_LINES, wrapped)
    _set_slot(block, S_START, offset)
    _set_slot(block, S_END, offset)
    _set_slot(block, S_LEVEL, level)
    _set_slot(block, S_ELEMENT, container)
    _set_slot(block, S_ELEMENTS, [container] if container is not None else [])
    _set_slot(block, S_LABELS, set(labels))
    _set_slot(block, S_CHARS, chars)
    _set_slot(block, S_ANCHOR_CHARS, anchor_chars)
    _set_slot(block, S_SOURCE_LINE, source_line)
    _set_slot(block, S_IS_CONTENT, False)
    _set_slot(block, S_DECISIONS, [])
    return block


cdef extern from "Python.h":
    int PyUnicode_KIND(object text)
    void* PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index) noexcept nogil
    void PyUnicode_WRITE(int kind, void* data, Py_ssize_t index, Py_UCS4 value) noexcept nogil
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) noexcept nogil
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)


cdef Py_UCS4 _line_break_char = 0


cdef str _normalized(str raw, Py_ssize_t* visible):
    """A block's text from its raw pieces, as the Python walk makes it: white-space runs (str.split's) become one
    space, the runs between line-break marks are lines, empty lines go, lines are joined by newlines; i.e. the
    words (runs of neither) joined by a newline when a mark lies between them, else by a space. ``visible`` gets
    the characters of the words. One pass to size the result, one to write it: no list, no string per word."""
    cdef int kind = PyUnicode_KIND(raw)
    if kind == 1:
        return _normalized_1byte(raw, visible)
    cdef void* data = PyUnicode_DATA(raw)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(raw), i, size = 0, words = 0, at = 0
    cdef Py_UCS4 ch, maxchar = 0, gap
    cdef bint in_word = False, broken_gap = False
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if ch == _line_break_char:
            broken_gap = True
            in_word = False
        elif Py_UNICODE_ISSPACE(ch):
            in_word = False
        else:
            if not in_word:
                if words:
                    size += 1
                    if broken_gap and maxchar < 10:
                        maxchar = 10
                    elif not broken_gap and maxchar < 32:
                        maxchar = 32
                words += 1
                in_word = True
                broken_gap = False
            size += 1
            visible[0] += 1
            if ch > maxchar:
                maxchar = ch
    text = PyUnicode_New(size, maxchar)
    cdef int out_kind = PyUnicode_KIND(text)
    cdef void* out = PyUnicode_DATA(text)
    in_word = False
    broken_gap = False
    words = 0
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if ch == _line_break_char:
            broken_gap = True
            in_word = False
        elif Py_UNICODE_ISSPACE(ch):
            in_word = False
        else:
            if not in_word:
                if words:
                    PyUnicode_WRITE(out_kind, out, at, 10 if broken_gap else 32)
                    at += 1
                words += 1
                in_word = True
                broken_gap = False
            PyUnicode_WRITE(out_kind, out, at, ch)
            at += 1
    return text


# Character classes of the one-byte code points for _normalized_1byte: a word character, white space (str.split's),
# the line-break mark.
cdef unsigned char _byte_class[256]
cdef enum:
    C_WORD = 0
    C_SPACE = 1
    C_BREAK = 2


cdef void _fill_byte_classes() noexcept:
    cdef int c
    for c in range(256):
        _byte_class[c] = C_SPACE if Py_UNICODE_ISSPACE(<Py_UCS4>c) else C_WORD
    if _line_break_char < 256:
        _byte_class[_line_break_char] = C_BREAK


cdef str _normalized_1byte(str raw, Py_ssize_t* visible):
    """_normalized for a string of one-byte characters (Latin-1, most pages' blocks), by a table of classes."""
    cdef const unsigned char* data = PyUnicode_1BYTE_DATA(raw)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(raw), i, size = 0, words = 0, at = 0
    cdef unsigned char ch, cls, maxchar = 0
    cdef bint in_word = False, broken_gap = False
    for i in range(n):
        ch = data[i]
        cls = _byte_class[ch]
        if cls == C_WORD:
            if not in_word:
                if words:
                    size += 1
                words += 1
                in_word = True
                broken_gap = False
            size += 1
            if ch > maxchar:
                maxchar = ch
        else:
            in_word = False
            if cls == C_BREAK:
                broken_gap = True
    visible[0] += size - (words - 1 if words else 0)
    if words > 1 and maxchar < 32:  # a separator is a space or a newline: the result's widest character decides
        maxchar = 32
    text = PyUnicode_New(size, maxchar)
    cdef unsigned char* out = <unsigned char*>PyUnicode_DATA(text)
    in_word = False
    broken_gap = False
    words = 0
    for i in range(n):
        ch = data[i]
        cls = _byte_class[ch]
        if cls == C_WORD:
            if not in_word:
                if words:
                    out[at] = 10 if broken_gap else 32
                    at += 1
                words += 1
                in_word = True
                broken_gap = False
            out[at] = ch
            at += 1
        else:
            in_word = False
            if cls == C_BREAK:
                broken_gap = True
    return text


def block_text(str raw):
    """(text, visible characters) of a block's joined pieces, as the walk makes them (for tests)."""
    cdef Py_ssize_t visible = 0
    text = _normalized(raw, &visible)
    return text, visible


cdef inline unsigned int _hash(const char* name) noexcept nogil:
    cdef unsigned int h = 5381
    while name[0]:
        h = h * 33 + <unsigned char>name[0]
        name += 1
    return h


cdef inline bint _is_ascii_word(unsigned char c) noexcept nogil:
    return (97 <= c <= 122) or (65 <= c <= 90) or (48 <= c <= 57) or c == 95


cdef struct Counts:
    Py_ssize_t words, in_wrapped, wrapped


cdef Counts _ascii_counts(str text) noexcept:
    """``len(tokens(text))`` and ``wrap_counts(tokens(text))`` of ASCII text in one pass, no token made: the tokens
    of ASCII text are its runs of [A-Za-z0-9_] (text.ASCII_TOKEN_RE); wrap_counts' loop runs alongside its
    short-text shortcut, which then decides (checked against the Python helpers by ``configure``)."""
    cdef const unsigned char* c = PyUnicode_1BYTE_DATA(text)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0, size, total = 0
    cdef Py_ssize_t line_length = -1, line_words = 0
    cdef Counts counts
    counts.words = 0
    counts.wrapped = 0
    while i < n:
        if not _is_ascii_word(c[i]):
            i += 1
            continue
        size = 0
        while i < n and _is_ascii_word(c[i]):
            size += 1
            i += 1
        counts.words += 1
        total += size
        line_words += 1
        line_length += size + 1
        if line_length > _wrap_columns:
            counts.wrapped += 1
            line_length = size
            line_words = 1
    if total + counts.words - 1 <= _wrap_columns or not counts.wrapped:
        counts.in_wrapped = counts.words
        counts.wrapped = 1
    else:
        counts.in_wrapped = counts.words - line_words
    return counts


# Each code point below _token_chars_size: 1 a character whose tokens are runs of such characters alone, 3 a token
# alone (CJK), 0 one no token holds, 2 one the token pattern reads otherwise (marks, unspaced scripts;
# ``text.token_char_classes``).
cdef bytes _token_classes = b""
cdef const unsigned char* _token_chars = NULL
cdef Py_ssize_t _token_chars_size = 0
cdef bint _table_counts_on = False


cdef bint _table_counts(str text, Counts* counts) noexcept:
    """``_ascii_counts`` of a text of one- or two-byte characters none of class 2 in the table (Latin with accents,
    Greek, Cyrillic, CJK, typographic quotes and dashes): its tokens are the runs of class 1 and each character of
    class 3. False, nothing counted, for a text holding any other character (the token pattern reads it)."""
    cdef int kind = PyUnicode_KIND(text)
    if kind == 4:
        return False
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0, size, total = 0
    cdef Py_ssize_t line_length = -1, line_words = 0
    cdef Py_UCS4 ch
    cdef unsigned char cls
    for i in range(n):  # first: is every character one whose tokens are runs of class 1?
        ch = PyUnicode_READ(kind, data, i)
        if ch >= <Py_UCS4>_token_chars_size or _token_chars[ch] == 2:
            return False
    counts.words = 0
    counts.wrapped = 0
    i = 0
    while i < n:
        cls = _token_chars[PyUnicode_READ(kind, data, i)]
        if cls == 3:  # a CJK character: a token alone
            size = 1
            i += 1
        elif cls != 1:
            i += 1
            continue
        else:
            size = 0
            while i < n and _token_chars[PyUnicode_READ(kind, data, i)] == 1:
                size += 1
                i += 1
        counts.words += 1
        total += size
        line_words += 1
        line_length += size + 1
        if line_length > _wrap_columns:
            counts.wrapped += 1
            line_length = size
            line_words = 1
    if total + counts.words - 1 <= _wrap_columns or not counts.wrapped:
        counts.in_wrapped = counts.words
        counts.wrapped = 1
    else:
        counts.in_wrapped = counts.words - line_words
    return True


cdef Counts _counts(str text):
    """Words, words in wrapped lines and wrapped lines of a text, as ``tokens`` and ``wrap_counts`` give them."""
    cdef Counts counts
    if _ascii_counts_on and PyUnicode_IS_ASCII(text):
        return _ascii_counts(text)
    if _table_counts_on and _table_counts(text, &counts):
        return counts
    found = _tokens(text)
    counts.words = len(found)
    counts.in_wrapped, counts.wrapped = _wrap_counts(found)
    return counts


# Texts on which configure checks the ASCII counter against the Python helpers (margins, separators, marks).
_CHECKS = ("", "   ", "one", "snake_case and CamelCase9 x", "a\x01b\x00c", "dot.separated,words;here!",
           "word " * 16, "word " * 17, "w" * 79, "w" * 81 + " x", "a " * 40, "a " * 41,
           "longer words that wrap past the eighty column margin several times over " * 4)
# ...and on which it checks the table counter: accents, typographic punctuation, digits and letters of other scripts
# that \\w holds, white space beyond ASCII, and a text the table hands to the token pattern (a mark, CJK).
_TABLE_CHECKS = ("café’s naïve “quoted” — dash", "x\u00a0y\u2003z", "½ ² ª º µ ß ÿ", "Ελληνικά и русский_текст",
                 "über-straße " * 9, "e\u0301 accent", "中文 and latin", "\u2019" * 90, "ǅemal ʰ ˈstress",
                 "新闻报道，今天（周一）：记者abc中文123字。" * 5, "한국어 문장입니다 カタカナ ひらがな", "が\u3099")


def configure(tag_kinds, swallowing, hidden_style, has_block, tokens, wrap_counts, visible_length, text_block,
              line_break, separator, wrap_columns, bytes token_classes):
    """Hands over blockwalk's tables and helpers, so there is one copy of each (called once at its import).
    The ASCII counter is used only when it agrees with ``tokens`` and ``wrap_counts`` on _CHECKS, the table
    counter (``token_classes``) only when it agrees with them on _CHECKS and _TABLE_CHECKS."""
    global _swallowing, _hidden_style_search, _has_block, _tokens, _wrap_counts, _visible_length, _text_block
    global _line_break, _separator, _configured, _ascii_counts_on, _wrap_columns, _line_break_char
    global _token_classes, _token_chars, _token_chars_size, _table_counts_on
    cdef int i
    cdef unsigned int slot
    if len(tag_kinds) > 255:
        raise ValueError("too many tags for the compiled walk's table")
    for i in range(TABLE_SIZE):
        _slots[i] = -1
    _names.clear()
    _labels.clear()
    for i, (tag, (code, labels)) in enumerate(sorted(tag_kinds.items())):
        name = tag.encode("ascii")
        _names.append(name)
        _labels.append(labels)
        _codes[i] = code
        slot = _hash(name) % TABLE_SIZE
        while _slots[slot] != -1:
            slot = (slot + 1) % TABLE_SIZE
        _slots[slot] = i
        _slot_names[slot] = <const char*>(<bytes>name)
    _swallowing = swallowing
    _hidden_style_search = hidden_style.search
    _has_block = has_block
    _tokens = tokens
    _wrap_counts = wrap_counts
    _visible_length = visible_length
    _text_block = text_block
    configure_blocks(text_block)
    if len(line_break) != 1:
        raise ValueError("the compiled walk marks line breaks with one character")
    _line_break = line_break
    _line_break_char = ord(line_break)
    _fill_byte_classes()
    _separator = separator
    _wrap_columns = wrap_columns
    _ascii_counts_on = True
    cdef Counts counts
    for check in _CHECKS:
        counts = _ascii_counts(check)
        found = tokens(check)
        if (counts.words, counts.in_wrapped, counts.wrapped) != (len(found), *wrap_counts(found)):
            _ascii_counts_on = False
    _token_classes = token_classes
    _token_chars = <const unsigned char*>_token_classes
    _token_chars_size = len(token_classes)
    _table_counts_on = True
    for check in _CHECKS + _TABLE_CHECKS:
        if _table_counts(check, &counts):
            found = tokens(check)
            if (counts.words, counts.in_wrapped, counts.wrapped) != (len(found), *wrap_counts(found)):
                _table_counts_on = False
    _configured = True
    return _ascii_counts_on


def text_counts(str text):
    """(words, words in wrapped lines, wrapped lines) of a text as the walk counts a block's (for tests)."""
    cdef Counts counts = _counts(text)
    return counts.words, counts.in_wrapped, counts.wrapped


def table_counted(str text):
    """Whether the table counter counts this text (not the token pattern), for tests."""
    cdef Counts counts
    return _table_counts_on and _table_counts(text, &counts)


cdef inline int _kind_of(tree.xmlNode* node) noexcept:
    """Index of the node's tag in the table, -1 for a tag it does not hold (or a namespaced one, whose lxml tag
    is ``{uri}name``)."""
    if node.ns is not NULL and node.ns.href is not NULL:
        return -1
    cdef const char* name = <const char*>node.name
    cdef unsigned int slot = _hash(name) % TABLE_SIZE
    while _slots[slot] != -1:
        if strcmp(_slot_names[slot], name) == 0:
            return _slots[slot]
        slot = (slot + 1) % TABLE_SIZE
    return -1


def node_key(element):
    """The key of an lxml element in a compiled walk's positions: its node's address; None for anything else."""
    if isinstance(element, cetree._Element) and (<cetree._Element>element)._c_node is not NULL:
        return <size_t>(<cetree._Element>element)._c_node
    return None


cdef inline bint _is_walked(tree.xmlNode* node) noexcept:
    """What ``iterwalk(events=("start", "end"))`` visits: elements and entity references; comments and processing
    instructions (and so their tails) it passes over."""
    return node.type == tree.XML_ELEMENT_NODE or node.type == tree.XML_ENTITY_REF_NODE


cdef inline tree.xmlNode* _first_walked(tree.xmlNode* node) noexcept:
    while node is not NULL and not _is_walked(node):
        node = node.next
    return node


cdef inline tree.xmlNode* _text_nodes(tree.xmlNode* node) noexcept:
    """The first of the text nodes lxml joins into ``.text`` (from a first child) or ``.tail`` (from a next
    sibling): text and CDATA, XInclude markers skipped (lxml's _textNodeOrSkip)."""
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            return node
        if node.type != tree.XML_XINCLUDE_START and node.type != tree.XML_XINCLUDE_END:
            return NULL
        node = node.next
    return NULL


# What the text lxml would return is: no text node (None), only empty contents (""), only ASCII white space
# (str.isspace), or anything else (made into a str to be tested and used).
cdef int TEXT_NONE = 0, TEXT_EMPTY = 1, TEXT_SPACE = 2, TEXT_OTHER = 3


cdef int _text_shape(tree.xmlNode* node) noexcept:
    node = _text_nodes(node)
    if node is NULL:
        return TEXT_NONE
    cdef int shape = TEXT_EMPTY
    cdef const unsigned char* c
    while node is not NULL:
        c = <const unsigned char*>node.content
        if c is not NULL:
            while c[0]:
                # str.isspace on ASCII: \t \n \v \f \r, \x1c-\x1f, space; anything else decides nothing here
                if c[0] == 32 or 9 <= c[0] <= 13 or 28 <= c[0] <= 31:
                    shape = TEXT_SPACE
                else:
                    return TEXT_OTHER
                c += 1
        node = _text_nodes(node.next)
    return shape


cdef tree.xmlAttr* _attribute(tree.xmlNode* node, const char* name) noexcept:
    """The attribute of that name in no namespace (what ``element.get(name)`` reads; HTML has no DTD defaults)."""
    cdef tree.xmlAttr* attr = node.properties
    while attr is not NULL:
        if attr.ns is NULL and strcmp(<const char*>attr.name, name) == 0:
            return attr
        attr = attr.next
    return NULL


class EntityReference(Exception):
    """A tree with an entity reference node: the Python walk handles it (the HTML parser makes none)."""


cdef class _Builder:
    """``blockwalk._BlockBuilder`` with its lookups keyed by node address."""

    cdef list blocks, pieces, anchor_pieces
    cdef bint unlinked
    cdef dict cut_pieces, anchor_cut, lines, cuts
    cdef set labels
    cdef object source_line

    def __cinit__(self, dict lines, dict cuts):
        self.lines = lines
        self.cuts = cuts
        self.blocks = []
        self.pieces = []
        self.anchor_pieces = []
        self.unlinked = False
        self.cut_pieces = {}
        self.anchor_cut = {}
        self.labels = set()
        self.source_line = None

    cdef add(self, str text, bint in_anchor, object labels, tree.xmlNode* node, bint is_text, cetree._Document doc):
        cdef object counted = text
        cdef object key
        cdef list bounds
        if self.cuts and node is not NULL:
            cuts = self.cuts.get((<size_t>node, is_text))
            if cuts:
                bounds = sorted(cuts)
                counted = _separator.join([text[start:end] for start, end in
                                           zip([0, *bounds], [*bounds, len(text)], strict=True)])
                self.cut_pieces[len(self.pieces)] = counted
                if in_anchor:
                    self.anchor_cut[len(self.anchor_pieces)] = counted
        self.pieces.append(text)
        if in_anchor:
            self.anchor_pieces.append(text)
        else:
            self.unlinked = True
        if labels:
            self.labels |= labels
        if self.source_line is None and node is not NULL:
            self.source_line = self.lines.get((<size_t>node, is_text)) if self.lines else None
            if self.source_line is None:
                if node.line == LINE_OVERFLOW:
                    self.source_line = cetree.elementFactory(doc, node).sourceline
                elif node.line > 0:
                    self.source_line = node.line

    cdef tuple _linked(self, Py_ssize_t words, Py_ssize_t chars):
        cdef list anchors = self.anchor_pieces
        cdef list counted
        if not anchors:
            return 0, 0
        if not self.unlinked:
            return words, chars
        counted = anchors
        if self.anchor_cut:
            counted = list(anchors)
            for at, piece in self.anchor_cut.items():
                counted[at] = piece
        return _counts(_separator.join(counted)).words, _visible_length(" ".join(anchors))

    cdef flush(self, object container, Py_ssize_t level):
        cdef list pieces = self.pieces
        cdef bint single = len(pieces) == 1 and not self.cut_pieces
        cdef str raw = pieces[0] if single else "".join(pieces)
        cdef str text
        cdef Counts counts
        cdef Py_ssize_t chars = 0
        text = _normalized(raw, &chars)
        if text:
            if single:
                counts = _counts(raw)
            else:
                if self.cut_pieces:
                    pieces = list(pieces)
                    for at, counted in self.cut_pieces.items():
                        pieces[at] = counted
                counts = _counts(_separator.join(pieces))
            linked, anchor_chars = self._linked(counts.words, chars) if self.anchor_pieces else (0, 0)
            self.blocks.append(
                _make_block(text, counts.words, linked, counts.in_wrapped, counts.wrapped, len(self.blocks), level,
                            container, self.labels, chars, anchor_chars, self.source_line)
            )
        self.pieces = []
        if self.anchor_pieces:
            self.anchor_pieces = []
        self.unlinked = False
        if self.cut_pieces:
            self.cut_pieces = {}
            self.anchor_cut = {}
        if self.labels:
            self.labels = set()
        self.source_line = None


cdef inline size_t _slot_of(size_t key, size_t mask) noexcept nogil:
    return ((key >> 4) * <size_t>11400714819323198485ULL) >> 20 & mask


cdef class NodePositions:
    """Element -> its position in a walk, with ``dict.get``'s signature, for any proxy of a walked node: a hash
    table in C keyed by node address, filled from the walk's nodes in document order (no Python object per
    element). It keeps the walked element, and so its tree and every node the walk met, alive."""

    cdef size_t* keys
    cdef Py_ssize_t* values
    cdef size_t mask
    cdef Py_ssize_t count
    cdef object owner

    def __cinit__(self):
        self.keys = NULL
        self.values = NULL
        self.count = 0

    def __dealloc__(self):
        PyMem_Free(self.keys)
        PyMem_Free(self.values)

    cdef int fill(self, tree.xmlNode** nodes, Py_ssize_t* positions, Py_ssize_t count, object owner) except -1:
        """The table of ``count`` nodes, each at its position (``positions[i]``, or i without them)."""
        cdef size_t capacity = 16, slot
        cdef Py_ssize_t i
        while capacity < <size_t>(2 * count):
            capacity *= 2
        self.keys = <size_t*>PyMem_Malloc(capacity * sizeof(size_t))
        self.values = <Py_ssize_t*>PyMem_Malloc(capacity * sizeof(Py_ssize_t))
        if self.keys is NULL or self.values is NULL:
            raise MemoryError()
        for i in range(<Py_ssize_t>capacity):
            self.keys[i] = 0
        self.mask = capacity - 1
        for i in range(count):
            slot = _slot_of(<size_t>nodes[i], self.mask)
            while self.keys[slot] != 0:
                slot = (slot + 1) & self.mask
            self.keys[slot] = <size_t>nodes[i]
            self.values[slot] = positions[i] if positions is not NULL else i
        self.count = count
        self.owner = owner
        return 0

    cdef Py_ssize_t find(self, object element) noexcept:
        if not isinstance(element, cetree._Element) or self.keys is NULL:
            return -1
        cdef size_t key = <size_t>(<cetree._Element>element)._c_node
        if key == 0:
            return -1
        cdef size_t slot = _slot_of(key, self.mask)
        while self.keys[slot] != 0:
            if self.keys[slot] == key:
                return self.values[slot]
            slot = (slot + 1) & self.mask
        return -1

    def get(self, element, default=None):
        cdef Py_ssize_t at = self.find(element)
        return default if at < 0 else at

    def __getitem__(self, element):
        cdef Py_ssize_t at = self.find(element)
        if at < 0:
            raise KeyError(element)
        return at

    def __contains__(self, element):
        return self.find(element) >= 0

    def __len__(self):
        return self.count

    def __copy__(self):
        return self  # it never changes

    def __deepcopy__(self, memo):
        """What a deep copy of the Python walk's dict of proxies gives: the copies of the elements that have a proxy
        (the only ones anything else can hold, and copy alongside, through ``memo``) at their positions. lxml copies
        each element on its own, so a copied tree's other elements are not in it, as they are not in the dict."""
        import copy

        cdef NodePositions clone = NodePositions()
        cdef list copies = []
        cdef size_t slot
        cdef tree.xmlNode* node
        cdef list positions = []
        for slot in range(self.mask + 1 if self.keys is not NULL else 0):
            node = <tree.xmlNode*>self.keys[slot]
            if node is not NULL and node._private is not NULL:  # lxml keeps a node's proxy there
                copies.append(copy.deepcopy(<object>node._private, memo))
                positions.append(self.values[slot])
        cdef Py_ssize_t count = len(copies), i
        cdef tree.xmlNode** nodes = <tree.xmlNode**>PyMem_Malloc((count + 1) * sizeof(tree.xmlNode*))
        cdef Py_ssize_t* values = <Py_ssize_t*>PyMem_Malloc((count + 1) * sizeof(Py_ssize_t))
        try:
            if nodes is NULL or values is NULL:
                raise MemoryError()
            for i in range(count):
                nodes[i] = (<cetree._Element?>copies[i])._c_node
                values[i] = positions[i]
            clone.fill(nodes, values, count, copies)
        finally:
            PyMem_Free(nodes)
            PyMem_Free(values)
        return clone


cdef struct _Stacks:
    tree.xmlNode** containers
    Py_ssize_t* open_positions
    Py_ssize_t n_containers, n_open, capacity
    tree.xmlNode** walked  # every node given a position, in position order
    Py_ssize_t n_walked, walked_capacity


cdef int _grow(_Stacks* s) except -1:
    cdef Py_ssize_t capacity = s.capacity * 2
    cdef void* containers = PyMem_Realloc(s.containers, capacity * sizeof(tree.xmlNode*))
    if containers is NULL:
        raise MemoryError()
    s.containers = <tree.xmlNode**>containers
    cdef void* open_positions = PyMem_Realloc(s.open_positions, capacity * sizeof(Py_ssize_t))
    if open_positions is NULL:
        raise MemoryError()
    s.open_positions = <Py_ssize_t*>open_positions
    s.capacity = capacity
    return 0


cdef int _walked(_Stacks* s, tree.xmlNode* node) except -1:
    cdef void* grown
    if s.n_walked >= s.walked_capacity:
        grown = PyMem_Realloc(s.walked, 2 * s.walked_capacity * sizeof(tree.xmlNode*))
        if grown is NULL:
            raise MemoryError()
        s.walked = <tree.xmlNode**>grown
        s.walked_capacity *= 2
    s.walked[s.n_walked] = node
    s.n_walked += 1
    return 0


cdef inline object _proxy(cetree._Document doc, tree.xmlNode* node, cetree._Element start):
    if node is start._c_node:
        return start
    return cetree.elementFactory(doc, node)


def walk_blocks(start, dict lines, dict cuts, bint hide):
    """(blocks, positions by node key, subtree ends, hidden elements) of ``start``'s subtree, as
    ``blockwalk._walk_blocks`` gives them; ``lines`` and ``cuts`` are the stripped texts' tables keyed by
    (node key, is ``.text``). Raises EntityReference for a tree the Python walk must take."""
    if not _configured:
        raise RuntimeError("crawler.kernels.cwalk.configure was not called")
    cdef cetree._Element top = <cetree._Element?>start
    cdef cetree._Document doc = top._doc
    cdef tree.xmlNode* c_start = top._c_node
    cdef tree.xmlNode* node
    cdef tree.xmlNode* child
    cdef tree.xmlNode* up
    cdef NodePositions position = NodePositions()
    cdef list ends = []
    cdef list hidden = []
    cdef list label_stack = []
    cdef object labels = frozenset()
    cdef object tag_labels
    cdef object text
    cdef object style
    cdef _Builder builder = _Builder(lines, cuts)
    cdef Py_ssize_t anchor_depth = 0, br_run = 0, at, n_ancestors, i
    cdef int kind, code, shape
    cdef bint descend, done = False
    cdef tree.xmlNode* skipping = NULL
    cdef tree.xmlAttr* style_attr
    cdef _Stacks s
    s.capacity = 64
    s.walked_capacity = 1024
    s.n_walked = 0
    s.containers = <tree.xmlNode**>PyMem_Malloc(s.capacity * sizeof(tree.xmlNode*))
    s.open_positions = <Py_ssize_t*>PyMem_Malloc(s.capacity * sizeof(Py_ssize_t))
    s.walked = <tree.xmlNode**>PyMem_Malloc(s.walked_capacity * sizeof(tree.xmlNode*))
    if s.containers is NULL or s.open_positions is NULL or s.walked is NULL:
        PyMem_Free(s.containers)
        PyMem_Free(s.open_positions)
        PyMem_Free(s.walked)
        raise MemoryError()
    # the ancestors of start first (TreeIndex.builder), top down: they span the whole walk
    n_ancestors = 0
    up = c_start.parent
    while up is not NULL and up.type == tree.XML_ELEMENT_NODE:
        n_ancestors += 1
        up = up.parent
    for i in range(n_ancestors):
        _walked(&s, NULL)
        ends.append(-1)
    up = c_start.parent
    for i in range(n_ancestors - 1, -1, -1):
        s.walked[i] = up
        up = up.parent
    s.containers[0] = c_start
    s.n_containers = 1
    s.n_open = 0
    try:
        node = c_start
        while True:
            # --- start event -------------------------------------------------------------------------------
            descend = False
            if node.type == tree.XML_ELEMENT_NODE:
                if hide and (_attribute(node, "hidden") is not NULL or (
                        (style_attr := _attribute(node, "style")) is not NULL
                        and (style := cetree.attributeValue(node, style_attr))
                        and _hidden_style_search(style) is not None)) and not (
                        cetree.namespacedName(node) in _swallowing and _has_block(_proxy(doc, node, top))):
                    hidden.append(_proxy(doc, node, top))
                    skipping = node
                else:
                    descend = True
                    at = len(ends)
                    _walked(&s, node)
                    ends.append(at + 1)
                    if s.n_open >= s.capacity or s.n_containers >= s.capacity:
                        _grow(&s)
                    s.open_positions[s.n_open] = at
                    s.n_open += 1
                    kind = _kind_of(node)
                    shape = -1
                    if kind >= 0:
                        code = _codes[kind]
                        tag_labels = _labels[kind]
                        if code == KIND_BREAK:
                            br_run += 1
                            if br_run >= 2:
                                if builder.pieces:
                                    builder.flush(_proxy(doc, s.containers[s.n_containers - 1], top), s.n_open)
                            elif builder.pieces:
                                builder.pieces.append(_line_break)
                            shape = TEXT_NONE  # a <br>'s own text is not read
                        else:
                            if code == KIND_BLOCK:
                                if builder.pieces:
                                    builder.flush(_proxy(doc, s.containers[s.n_containers - 1], top), s.n_open)
                                s.containers[s.n_containers] = node
                                s.n_containers += 1
                                br_run = 0
                            elif code == KIND_ANCHOR:
                                anchor_depth += 1
                            if tag_labels:
                                label_stack.append(labels)
                                labels = labels | tag_labels
                    if shape == -1:
                        shape = _text_shape(node.children)
                        if shape == TEXT_SPACE:
                            if builder.pieces:
                                builder.pieces.append(" ")
                        elif shape == TEXT_OTHER:
                            text = cetree.textOf(node)
                            if text.isspace():
                                if builder.pieces:
                                    builder.pieces.append(" ")
                            else:
                                br_run = 0
                                builder.add(text, anchor_depth > 0, labels, node, True, doc)
            elif node.type == tree.XML_ENTITY_REF_NODE:
                raise EntityReference()
            child = _first_walked(node.children) if descend else NULL
            if child is not NULL:
                node = child
                continue
            # --- end events, up to the next sibling --------------------------------------------------------
            while True:
                # an element: an entity reference stopped the walk on entry
                if node is skipping:
                    skipping = NULL
                else:
                    s.n_open -= 1
                    ends[s.open_positions[s.n_open]] = len(ends)
                    kind = _kind_of(node)
                    if kind >= 0:
                        code = _codes[kind]
                        if _labels[kind]:
                            labels = label_stack.pop()
                        if code == KIND_BLOCK:
                            if builder.pieces:
                                builder.flush(_proxy(doc, node, top), s.n_open + 1)
                            if s.n_containers > 1:
                                s.n_containers -= 1
                            br_run = 0
                        elif code == KIND_ANCHOR:
                            anchor_depth -= 1
                shape = _text_shape(node.next)
                if shape == TEXT_SPACE:
                    if builder.pieces:
                        builder.pieces.append(" ")
                elif shape == TEXT_OTHER:
                    text = cetree.tailOf(node)
                    if text.isspace():
                        if builder.pieces:
                            builder.pieces.append(" ")
                    else:
                        br_run = 0
                        builder.add(text, anchor_depth > 0, labels, node, False, doc)
                if node is c_start:
                    done = True
                    break
                child = _first_walked(node.next)
                if child is not NULL:
                    node = child
                    break
                node = node.parent
            if done:
                break
        if builder.pieces:
            builder.flush(_proxy(doc, s.containers[s.n_containers - 1], top), s.n_open)
        position.fill(s.walked, NULL, s.n_walked, top)
    finally:
        PyMem_Free(s.containers)
        PyMem_Free(s.open_positions)
        PyMem_Free(s.walked)
    total = len(ends)
    for i in range(n_ancestors):
        ends[i] = total
    return builder.blocks, position, ends, hidden


cdef inline bint _no_namespace(tree.xmlNode* node) noexcept:
    return node.ns is NULL or node.ns.href is NULL


cdef tree.xmlNode* _next_element(tree.xmlNode* node, tree.xmlNode* top) except? NULL:
    """The element after ``node`` in document order within ``top``'s subtree, NULL at its end; raises
    EntityReference on an entity reference node (what lxml's iteration does with one is left to lxml)."""
    cdef tree.xmlNode* next_node = node.children
    while True:
        while next_node is not NULL:
            if next_node.type == tree.XML_ELEMENT_NODE:
                return next_node
            if next_node.type == tree.XML_ENTITY_REF_NODE:
                raise EntityReference()
            next_node = next_node.next
        if node is top:
            return NULL
        next_node = node.next
        node = node.parent
        if node is NULL:
            return NULL


def elements_named(top, names):
    """``list(top.iter(*names))`` for plain tag names (elements of no namespace), with a proxy made only for the
    elements found; names are told apart by a hash, then compared. Raises EntityReference for a tree with an
    entity reference node."""
    return _elements_named_or_with(top, names, None)


def attribute_values(top, name):
    """The values of the attribute ``name`` (of no namespace) on ``top`` and the elements below it, in document
    order: what the XPath ``//@name`` gives from a document's root element. Raises EntityReference as above."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef tree.xmlAttr* attr
    cdef bytes wanted = name.encode("utf-8")
    cdef const char* c_name = wanted
    cdef list values = []
    if node.type != tree.XML_ELEMENT_NODE:
        return values
    while node is not NULL:
        attr = _attribute(node, c_name)
        if attr is not NULL:
            values.append(cetree.attributeValue(node, attr))
        node = _next_element(node, c_top)
    return values


cdef extern from "Python.h":
    const char* PyUnicode_AsUTF8(object text) except NULL


def attributes_of(element, tuple names):
    """``tuple(element.get(name) for name in names)`` for plain names (of no namespace): one pass over the node's
    attributes, no key parsed (lxml's ``get`` parses and encodes its key at every call)."""
    cdef cetree._Element proxy = <cetree._Element?>element
    cdef tree.xmlNode* node = proxy._c_node
    cdef Py_ssize_t n = len(names), i, missing = n
    cdef list values = [None] * n
    cdef tree.xmlAttr* attr
    cdef const char* wanted
    if node is NULL or node.type != tree.XML_ELEMENT_NODE:
        return tuple(values)
    attr = node.properties
    while attr is not NULL and missing:
        if attr.ns is NULL:
            for i in range(n):
                if values[i] is None:
                    wanted = PyUnicode_AsUTF8(names[i])
                    if strcmp(<const char*>attr.name, wanted) == 0:
                        values[i] = cetree.attributeValue(node, attr)
                        missing -= 1
        attr = attr.next
    return tuple(values)


def elements_named_or_with(top, names, attribute):
    """``elements_named(top, names)`` and the elements carrying the attribute ``attribute`` (of no namespace), in
    document order, each once: ``[e for e in top.iter(Element) if e.tag in names or e.get(attribute) is not None]``
    in one walk with a proxy only for the elements found. Raises EntityReference as ``elements_named``."""
    return _elements_named_or_with(top, names, attribute)


cdef list _elements_named_or_with(top, names, attribute):
    """The search of both functions above; ``attribute`` None looks for the names alone."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef cetree._Document doc = element._doc
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef list wanted = [name.encode("utf-8") for name in names if isinstance(name, str)]
    cdef bytes wanted_attribute = attribute.encode("utf-8") if attribute is not None else b""
    cdef const char* c_attribute = <const char*>wanted_attribute if attribute is not None else NULL
    cdef Py_ssize_t n = len(wanted), i
    cdef unsigned int* hashes = <unsigned int*>PyMem_Malloc((n + 1) * sizeof(unsigned int))
    cdef const char** wanted_names = <const char**>PyMem_Malloc((n + 1) * sizeof(const char*))
    cdef unsigned int h
    cdef bint named
    cdef list found = []
    if hashes is NULL or wanted_names is NULL:
        PyMem_Free(hashes)
        PyMem_Free(wanted_names)
        raise MemoryError()
    try:
        for i in range(n):
            wanted_names[i] = <const char*>(<bytes>wanted[i])
            hashes[i] = _hash(wanted_names[i])
        if node.type != tree.XML_ELEMENT_NODE:
            return found
        while node is not NULL:
            named = False
            if _no_namespace(node):
                h = _hash(<const char*>node.name)
                for i in range(n):
                    if hashes[i] == h and strcmp(wanted_names[i], <const char*>node.name) == 0:
                        named = True
                        break
            if named or (c_attribute is not NULL and _attribute(node, c_attribute) is not NULL):
                found.append(_proxy(doc, node, element))
            node = _next_element(node, c_top)
    finally:
        PyMem_Free(hashes)
        PyMem_Free(wanted_names)
    return found


cdef inline unsigned char _ascii_lower(unsigned char c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef bint _holds_word(const unsigned char* value, const unsigned char** words, Py_ssize_t* lengths,
                      Py_ssize_t n_words) noexcept nogil:
    """Whether a UTF-8 value holds a byte outside ASCII or one of the (lower-case ASCII) words, ASCII letters
    compared without case: what ``not value.isascii() or any(word in value.lower() for word in words)`` says."""
    cdef Py_ssize_t length = 0, start, k, i
    while value[length] != 0:
        if value[length] >= 128:
            return True
        length += 1
    for i in range(n_words):
        for start in range(length - lengths[i] + 1):
            k = 0
            while k < lengths[i] and _ascii_lower(value[start + k]) == words[i][k]:
                k += 1
            if k == lengths[i]:
                return True
    return False


cdef extern from "Python.h":
    PyObject* PyDict_GetItemWithError(object mapping, object key) except? NULL
    Py_ssize_t PyUnicode_FindChar(object text, Py_UCS4 ch, Py_ssize_t start, Py_ssize_t end, int direction) except -2


cdef inline bint _blank(str text) noexcept:
    """Whether ``text.strip()`` is empty: every character white space (str.strip's Py_UNICODE_ISSPACE)."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t i
    for i in range(PyUnicode_GET_LENGTH(text)):
        if not Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, i)):
            return False
    return True


cdef inline str _block_text(object block):
    """``block.text``: the text slot read directly when the block has no fused texts still to join (every block
    the walk makes), else the property, which joins them."""
    cdef PyObject* merged
    cdef PyObject* text
    if _block_slots_on and type(block) is _block_class:
        merged = (<PyObject**>(<char*><PyObject*>block + _slot_offsets[S_MERGED]))[0]
        text = (<PyObject**>(<char*><PyObject*>block + _slot_offsets[S_TEXT]))[0]
        if text is not NULL and type(<object>text) is str and (
                merged is NULL or <object>merged is None or (type(<object>merged) is list and not <list>merged)):
            return <str>text
    return block.text


cdef inline object _cached_hash(str line, dict cache, object hasher):
    cdef PyObject* found = PyDict_GetItemWithError(cache, line)
    if found is not NULL:
        return <object>found
    return hasher(line)


def line_hashes(blocks, dict cache, hasher):
    """The hashes of the blocks' non-blank lines in document order (``template_lines.page_hashes``): each block's
    text cut at newlines, a line kept when ``line.strip()`` is not empty, its hash ``cache[line]`` when there, else
    ``hasher(line)`` (which may add it to ``cache``). ``blockwalk.line_hashes`` is its Python twin."""
    cdef list hashes = []
    cdef str text, line
    for block in blocks:
        text = _block_text(block)
        if PyUnicode_FindChar(text, 10, 0, PyUnicode_GET_LENGTH(text), 1) >= 0:
            for line in text.split("\n"):
                if not _blank(line):
                    hashes.append(_cached_hash(line, cache, hasher))
        elif not _blank(text):
            hashes.append(_cached_hash(text, cache, hasher))
    return hashes


cdef extern from "Python.h":
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch) noexcept nogil


def normalized_line(str line):
    """``template_lines.normalize_line``: runs of white space (str.split's) as one space and none at either end, then
    each run of decimal digits (regex ``\\d``) as one '0', in one pass to size the result and one to write it; the
    line itself when that changes nothing (a block's text is already spaced so). ``blockwalk.normalized_line`` is its
    Python twin."""
    cdef int kind = PyUnicode_KIND(line)
    cdef void* data = PyUnicode_DATA(line)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(line), i, size = 0
    cdef Py_UCS4 ch, maxchar = 0
    cdef bint pending = False, in_digits = False, differs = False
    cdef int out_kind
    cdef void* out_data
    for i in range(n):  # the result's size and widest character; whether it differs from the line
        ch = PyUnicode_READ(kind, data, i)
        if Py_UNICODE_ISSPACE(ch):
            pending = size > 0
            in_digits = False
            differs = differs or ch != 32
            continue
        if pending:
            size += 1
            pending = False
            if maxchar < 32:
                maxchar = 32
        if Py_UNICODE_ISDECIMAL(ch):
            if in_digits:
                continue
            in_digits = True
            differs = differs or ch != 48
            ch = 48
        else:
            in_digits = False
        size += 1
        if ch > maxchar:
            maxchar = ch
    if size == n and not differs:
        return line
    result = PyUnicode_New(size, maxchar)
    out_kind = PyUnicode_KIND(result)
    out_data = PyUnicode_DATA(result)
    size = 0
    pending = in_digits = False
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if Py_UNICODE_ISSPACE(ch):
            pending = size > 0
            in_digits = False
            continue
        if pending:
            PyUnicode_WRITE(out_kind, out_data, size, 32)
            size += 1
            pending = False
        if Py_UNICODE_ISDECIMAL(ch):
            if in_digits:
                continue
            in_digits = True
            ch = 48
        else:
            in_digits = False
        PyUnicode_WRITE(out_kind, out_data, size, ch)
        size += 1
    return result


cdef bint _strictly_below(tree.xmlNode* node, tree.xmlNode* ancestor) noexcept:
    """Whether ``ancestor`` is a parent of ``node``, or its parent's, and so on (``any(a is ancestor for a in
    element.iterancestors())``); NULL is below nothing."""
    if ancestor is NULL:
        return False
    node = node.parent
    while node is not NULL:
        if node is ancestor:
            return True
        node = node.parent
    return False


cdef inline tree.xmlAttr* _attribute_by_first(tree.xmlNode* node, const char* name) noexcept:
    """``_attribute(node, name)``, the first bytes compared before the whole names (most elements of a page carry
    attributes, few the one asked for)."""
    cdef tree.xmlAttr* attr = node.properties
    while attr is not NULL:
        if attr.ns is NULL and attr.name[0] == name[0] and strcmp(<const char*>attr.name, name) == 0:
            return attr
        attr = attr.next
    return NULL


def markup_elements(top, body, tuple meta_attributes, str attribute, tuple link_attributes):
    """What ``crawler.extractors.metadata.markup.page_markup`` gathers, in one walk in C with a proxy only for the
    elements kept: ``(meta, links, itemprops, times)``. ``meta`` maps each key of a <meta> (the lower-cased words of
    the attributes ``meta_attributes[1:]``, in that order) to the stripped non-empty contents (``meta_attributes[0]``)
    in document order; ``links`` the values of ``link_attributes`` of each <link> (a tuple, None for one it
    lacks: what ``get`` reads); ``itemprops`` the elements below ``top`` with the attribute
    ``attribute``; ``times`` the <time datetime> elements below ``body`` (none when it is None). Tags and attributes
    of no namespace. Raises EntityReference as ``elements_named``."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef cetree._Document doc = element._doc
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* c_body = (<cetree._Element?>body)._c_node if body is not None else NULL
    cdef tree.xmlNode* node = c_top
    cdef tree.xmlAttr* attr
    cdef tree.xmlAttr* itemprop
    cdef list encoded = [name.encode("utf-8") for name in meta_attributes]
    cdef bytes wanted_attribute = attribute.encode("utf-8")
    cdef const char* c_attribute = wanted_attribute
    cdef list link_names = [name.encode("utf-8") for name in link_attributes]
    cdef Py_ssize_t n = len(encoded), i
    cdef const char** names = <const char**>PyMem_Malloc((n + 1) * sizeof(const char*))
    cdef tree.xmlAttr** found = <tree.xmlAttr**>PyMem_Malloc((n + 1) * sizeof(tree.xmlAttr*))
    cdef const char* tag
    cdef int kind
    cdef dict meta = {}
    cdef list links = [], itemprops = [], times = []
    cdef list values
    if names is NULL or found is NULL:
        PyMem_Free(names)
        PyMem_Free(found)
        raise MemoryError()
    try:
        for i in range(n):
            names[i] = <const char*>(<bytes>encoded[i])
        if n == 0 or node.type != tree.XML_ELEMENT_NODE:
            return meta, links, itemprops, times
        while node is not NULL:
            kind = 0  # 1 <meta>, 2 <link>, 3 <time>
            tag = <const char*>node.name
            if (tag[0] == b"m" or tag[0] == b"l" or tag[0] == b"t") and _no_namespace(node):
                if strcmp(tag, b"meta") == 0:
                    kind = 1
                elif strcmp(tag, b"link") == 0:
                    kind = 2
                elif strcmp(tag, b"time") == 0:
                    kind = 3
            itemprop = _attribute_by_first(node, c_attribute)
            if kind == 1:
                for i in range(n):
                    found[i] = NULL
                attr = node.properties
                while attr is not NULL:  # the first attribute of each name, as ``get`` reads it
                    if attr.ns is NULL:
                        for i in range(n):
                            if found[i] is NULL and strcmp(<const char*>attr.name, names[i]) == 0:
                                found[i] = attr
                                break
                    attr = attr.next
                if found[0] is not NULL:
                    content = cetree.attributeValue(node, found[0]).strip()
                    if content:
                        for i in range(1, n):
                            if found[i] is NULL:
                                continue
                            keys = cetree.attributeValue(node, found[i])
                            if not keys:
                                continue
                            for key in keys.lower().split():
                                values = meta.get(key)
                                if values is None:
                                    meta[key] = [content]
                                else:
                                    values.append(content)
            elif kind == 2:
                values = []
                for name in link_names:
                    attr = _attribute_by_first(node, <const char*>(<bytes>name))
                    values.append(cetree.attributeValue(node, attr) if attr is not NULL else None)
                links.append(tuple(values))
            elif kind == 3 and _attribute(node, b"datetime") is not NULL and _strictly_below(node, c_body):
                times.append(_proxy(doc, node, element))
            if itemprop is not NULL and node is not c_top:
                itemprops.append(_proxy(doc, node, element))
            node = _next_element(node, c_top)
    finally:
        PyMem_Free(names)
        PyMem_Free(found)
    return meta, links, itemprops, times


cdef inline object _block_chars(object block):
    """``block.num_chars``: the slot read directly when the walk's block class is the block's."""
    cdef PyObject* chars
    if _block_slots_on and type(block) is _block_class:
        chars = (<PyObject**>(<char*><PyObject*>block + _slot_offsets[S_CHARS]))[0]
        if chars is not NULL:
            return <object>chars
    return block.num_chars


def short_texts(blocks, most, double least=0):
    """The positions and texts of the blocks whose ``num_chars`` is at most ``most`` and whose text has at least
    ``least`` characters, in order (the visible metadata scan's short blocks, its headline's candidates).
    ``blockwalk.short_texts`` is its Python twin."""
    cdef list positions = [], texts = []
    cdef Py_ssize_t position = 0
    cdef str text
    for block in blocks:
        if _block_chars(block) <= most:
            text = _block_text(block)
            if PyUnicode_GET_LENGTH(text) >= least:
                positions.append(position)
                texts.append(text)
        position += 1
    return positions, texts


def ancestors_marks(element, tuple names, Py_ssize_t most, tuple stop):
    """The marks of ``element`` and of its ancestors, at most ``most`` nodes, up to (without) the first one that is
    no element or whose plain tag (of no namespace) is in ``stop``: each node's values of the attributes ``names``
    ("" for one it lacks) joined by a space, the nodes' joined by a space, with no proxy made for an ancestor.
    ``blockwalk.ancestors_marks`` is its Python twin."""
    cdef cetree._Element proxy = <cetree._Element?>element
    cdef tree.xmlNode* node = proxy._c_node
    cdef list marks = [], values
    cdef Py_ssize_t n = len(names), i, count = 0
    cdef tree.xmlAttr* attr
    cdef bint stopped
    cdef bytes encoded
    cdef list wanted = [name.encode("utf-8") for name in names]
    cdef list stops = [name.encode("utf-8") for name in stop]
    while node is not NULL and count < most:
        if node.type == tree.XML_ELEMENT_NODE:
            if _no_namespace(node):
                stopped = False
                for encoded in stops:
                    if strcmp(<const char*>node.name, <const char*>encoded) == 0:
                        stopped = True
                        break
                if stopped:
                    break
            values = [None] * n
            attr = node.properties
            while attr is not NULL:
                if attr.ns is NULL:
                    for i in range(n):
                        if values[i] is None and strcmp(<const char*>attr.name, <const char*><bytes>wanted[i]) == 0:
                            values[i] = cetree.attributeValue(node, attr)
                attr = attr.next
            marks.append(" ".join([value if value is not None else "" for value in values]))
        elif count == 0 and node.type in (tree.XML_COMMENT_NODE, tree.XML_PI_NODE):
            marks.append(" " * (n - 1) if n else "")  # (a comment's or a processing instruction's ``get`` is None)
        else:
            break
        count += 1
        node = node.parent
    return " ".join(marks)


cdef inline bint _named(tree.xmlNode* node, tree.xmlAttr* attr, str key):
    """Whether the attribute's value lower-cased (``str.lower``) is ``key``; an ASCII value of another length is not
    lower-cased (``str.lower`` keeps an ASCII text's length)."""
    cdef str value = cetree.attributeValue(node, attr)
    if value.isascii() and len(value) != len(key):
        return False
    return value.lower() == key


def first_meta_content(top, str key):
    """The content of the first <meta> at or below ``top`` in document order whose ``property``, else (missing or
    empty) ``name``, lower-cased is ``key``: ``(element.get("property") or element.get("name") or "").lower() ==
    key`` over ``top.iter("meta")``, in one walk in C with no proxy. None when that <meta> has no content or no
    <meta> is named so. Tags and attributes of no namespace, as ``iter`` and ``get`` read them. Raises
    EntityReference as ``elements_named``. ``blockwalk.first_meta_content`` is its Python twin."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef tree.xmlAttr* named
    cdef tree.xmlAttr* content
    cdef const char* tag
    if node.type != tree.XML_ELEMENT_NODE:
        return None
    while node is not NULL:
        tag = <const char*>node.name
        if tag[0] == b"m" and strcmp(tag, b"meta") == 0 and _no_namespace(node):
            named = _attribute(node, b"property")
            if named is NULL or not cetree.attributeValue(node, named):
                named = _attribute(node, b"name")
            if named is not NULL and _named(node, named, key):
                content = _attribute(node, b"content")
                return cetree.attributeValue(node, content) if content is not NULL else None
        node = _next_element(node, c_top)
    return None


def markup_values(top, tuple names, str key):
    """``(tuple(attribute_values(top, name) for name in names), first_meta_content(top, key))`` in one walk, with no
    proxy: the page-kind features' microdata properties, item types and og:type. Raises EntityReference as
    ``elements_named``."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef tree.xmlAttr* attr
    cdef tree.xmlAttr* named
    cdef tree.xmlAttr* content
    cdef const char* tag
    cdef Py_ssize_t n = len(names), i
    cdef list encoded = [(<str>name).encode("utf-8") for name in names]
    cdef list values = [[] for _ in range(n)]
    cdef bint met = False
    meta = None
    if node.type != tree.XML_ELEMENT_NODE:
        return tuple(values), None
    while node is not NULL:
        for i in range(n):
            attr = _attribute(node, <const char*>(<bytes>encoded[i]))
            if attr is not NULL:
                (<list>values[i]).append(cetree.attributeValue(node, attr))
        if not met:
            tag = <const char*>node.name
            if tag[0] == b"m" and strcmp(tag, b"meta") == 0 and _no_namespace(node):
                named = _attribute(node, b"property")
                if named is NULL or not cetree.attributeValue(node, named):
                    named = _attribute(node, b"name")
                if named is not NULL and _named(node, named, key):
                    met = True
                    content = _attribute(node, b"content")
                    meta = cetree.attributeValue(node, content) if content is not NULL else None
        node = _next_element(node, c_top)
    return tuple(values), meta


cdef inline object _block_slot(object block, int slot, str name):
    """A slot of the block read directly when the walk's block class is the block's (and the slot is set), else the
    attribute ``name``."""
    cdef PyObject* value
    if _block_slots_on and type(block) is _block_class:
        value = (<PyObject**>(<char*><PyObject*>block + _slot_offsets[slot]))[0]
        if value is not NULL:
            return <object>value
    return getattr(block, name)


cdef extern from "Python.h":
    long long PyLong_AsLongLongAndOverflow(object value, int* overflow) except? -1


# Counts above this (2**53) are not all exact as doubles: ``running_text`` leaves such a page to its Python twin.
cdef long long EXACT_DOUBLE_INT = 9007199254740992


def running_text(blocks, Py_ssize_t least_words, double most_link_density):
    """(words, linked, counts, texts) of the blocks: the sums of their ``num_words`` and ``num_words_in_anchor_text``,
    and for each block of at least ``least_words`` (>= 1) words of which less than ``most_link_density`` are in links
    (``in_links / count``, a double division as Python's of two small ints), its words outside links and its text, in
    order (``pagetypes.classify_page``'s running text). None when a count is not an int from 0 to 2**53 (the Python
    twin reads such blocks). ``blockwalk.running_text`` is its Python twin."""
    cdef long long words = 0, linked = 0, count, in_links
    cdef list counts = [], texts = []
    cdef object value
    cdef int overflow = 0
    for block in blocks:
        value = _block_slot(block, S_WORDS, "num_words")
        if type(value) is not int:
            return None
        count = PyLong_AsLongLongAndOverflow(value, &overflow)
        value = _block_slot(block, S_ANCHOR_WORDS, "num_words_in_anchor_text")
        if overflow or type(value) is not int:
            return None
        in_links = PyLong_AsLongLongAndOverflow(value, &overflow)
        if overflow or count < 0 or in_links < 0 or count > EXACT_DOUBLE_INT or in_links > EXACT_DOUBLE_INT:
            return None
        words += count
        linked += in_links
        if count >= least_words and <double>in_links / <double>count < most_link_density:
            counts.append(count - in_links)
            texts.append(_block_text(block))
    return words, linked, counts, texts


cdef enum:
    WORD_START = 1  # a byte that lower-cased starts one of the words
    NOT_ASCII = 2  # a byte of a character outside ASCII


cdef bint _holds_word_in_one_pass(const unsigned char* value, const unsigned char* starts,
                                  const unsigned char** words, Py_ssize_t* lengths, Py_ssize_t n_words) noexcept nogil:
    """``_holds_word`` in one pass over the value: a word is compared only where a byte (lower-cased) starts one
    (``starts``, by byte), and the first byte outside ASCII ends the search. ``_holds_word`` tried every word at every
    position after a first pass for the bytes outside ASCII, most of the cost of a call. The words hold no NUL, so a
    comparison stops at the value's end."""
    cdef Py_ssize_t position = 0, k, i
    cdef unsigned char c, kind
    while True:
        c = value[position]
        if c == 0:
            return False
        kind = starts[c]
        if kind:
            if kind & NOT_ASCII:
                return True
            c = _ascii_lower(c)
            for i in range(n_words):
                if words[i][0] == c:
                    k = 1
                    while k < lengths[i] and _ascii_lower(value[position + k]) == words[i][k]:
                        k += 1
                    if k == lengths[i]:
                        return True
        position += 1



def elements_marked(top, tuple attributes, tuple words):
    """``elements_with_words(top, attributes, words)``, each value searched in one pass (``_holds_word_in_one_pass``)
    and the attribute names told apart by their first byte before ``strcmp``; words without NUL (ValueError).
    ``blockwalk.elements_marked`` says what its Python twin is. Raises EntityReference as ``elements_named``."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef cetree._Document doc = element._doc
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef tree.xmlNode* child
    cdef tree.xmlAttr* attr
    cdef const char* attr_name
    cdef list found = []
    cdef bint hit
    cdef list names = [name.encode("utf-8") for name in attributes]
    cdef list texts = []
    cdef Py_ssize_t n_names = len(names), n_words = len(words), i
    cdef unsigned char starts[256]
    for word in words:
        if not isinstance(word, str) or not word or not word.isascii() or word != word.lower() or "\x00" in word:
            raise ValueError(f"words must be non-empty lower-case ASCII without NUL: {word!r}")
        texts.append(word.encode("ascii"))
    for i in range(256):
        starts[i] = NOT_ASCII if i >= 128 else 0
    for word in texts:
        starts[(<bytes>word)[0]] |= WORD_START
        if 97 <= (<bytes>word)[0] <= 122:
            starts[(<bytes>word)[0] - 32] |= WORD_START  # (its upper case)
    cdef const char** c_names = <const char**>PyMem_Malloc((n_names + 1) * sizeof(const char*))
    cdef const unsigned char** c_words = <const unsigned char**>PyMem_Malloc((n_words + 1) * sizeof(char*))
    cdef Py_ssize_t* lengths = <Py_ssize_t*>PyMem_Malloc((n_words + 1) * sizeof(Py_ssize_t))
    if c_names is NULL or c_words is NULL or lengths is NULL:
        PyMem_Free(c_names)
        PyMem_Free(c_words)
        PyMem_Free(lengths)
        raise MemoryError()
    try:
        for i in range(n_names):
            c_names[i] = <const char*>(<bytes>names[i])
        for i in range(n_words):
            c_words[i] = <const unsigned char*>(<bytes>texts[i])
            lengths[i] = len(<bytes>texts[i])
        if node.type != tree.XML_ELEMENT_NODE:
            return found
        while node is not NULL:
            hit = False
            attr = node.properties
            while attr is not NULL and not hit:
                if attr.ns is NULL:
                    attr_name = <const char*>attr.name
                    for i in range(n_names):
                        if attr_name[0] == c_names[i][0] and strcmp(attr_name, c_names[i]) == 0:
                            child = attr.children
                            if child is not NULL and child.next is NULL and child.type == tree.XML_TEXT_NODE:
                                hit = child.content is not NULL and _holds_word_in_one_pass(
                                    <const unsigned char*>child.content, starts, c_words, lengths, n_words)
                            elif child is not NULL:  # a value in several nodes (never from the HTML parser)
                                value = cetree.attributeValue(node, attr)
                                hit = bool(value) and (not value.isascii()
                                                       or any(word in value.lower() for word in words))
                            break
                attr = attr.next
            if hit:
                found.append(_proxy(doc, node, element))
            node = _next_element(node, c_top)
    finally:
        PyMem_Free(c_names)
        PyMem_Free(c_words)
        PyMem_Free(lengths)
    return found




cdef extern from "Python.h":
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) noexcept nogil
    Py_UCS4 Py_UNICODE_TOLOWER(Py_UCS4 ch) noexcept nogil


cdef inline Py_UCS4 _re_i_lower(Py_UCS4 ch) noexcept nogil:
    """The character as a re.I search of lower-case words sees it after ``metadata.byline``'s folds: ı and İ as i, ſ as
    s, any other lowered (``str.lower`` lowers each character alone but İ, folded first, and a final Σ, which it
    lowers to ς where this gives σ: no word holds either)."""
    cdef unsigned int code = <unsigned int>ch
    if code < 128:
        return <Py_UCS4>(code + 32 if 65 <= code <= 90 else code)
    if code == 0x130 or code == 0x131:
        return <Py_UCS4>105
    if code == 0x17F:
        return <Py_UCS4>115
    return Py_UNICODE_TOLOWER(ch)


cdef inline bint _word_at(int kind, void* data, Py_ssize_t length, Py_ssize_t at, Py_UCS4* word,
                          Py_ssize_t size) noexcept nogil:
    cdef Py_ssize_t k
    if at + size > length:
        return False
    for k in range(size):
        if _re_i_lower(PyUnicode_READ(kind, data, at + k)) != word[k]:
            return False
    return True


cdef inline bint _word_char(Py_UCS4 ch) noexcept nogil:
    return Py_UNICODE_ISALNUM(ch) or <unsigned int>ch == 95


def _first_code(str word):
    return ord(word[0]) if word else -1


cdef class _WordTable:
    """``texts_with_words``'s words in C arrays: the words in the order of their first characters (their characters at
    ``chars + starts[i]``, ``sizes[i]`` long), then the line words; the range of the words of each ASCII first
    character, and those of another first character from ``other_begin`` on, tried where a character's code's last
    12 bits are one of theirs."""
    cdef tuple words, line_words
    cdef Py_ssize_t n_words, total, other_begin
    cdef Py_UCS4* chars
    cdef Py_ssize_t* starts
    cdef Py_ssize_t* sizes
    cdef Py_ssize_t ascii_begin[128]
    cdef Py_ssize_t ascii_end[128]
    cdef unsigned char other_firsts[4096]

    def __cinit__(self, tuple words, tuple line_words):
        cdef Py_ssize_t i = 0, k, offset = 0
        cdef unsigned int code
        cdef str word
        cdef list ordered = sorted(words, key=_first_code) + list(line_words)
        self.words, self.line_words = words, line_words
        self.n_words, self.total, self.other_begin = len(words), len(ordered), -1
        memset(self.ascii_begin, 0, sizeof(self.ascii_begin))
        memset(self.ascii_end, 0, sizeof(self.ascii_end))
        memset(self.other_firsts, 0, sizeof(self.other_firsts))
        for word in ordered:
            if not word or word != word.lower() or "σ" in word or "ς" in word:
                raise ValueError(f"words must be non-empty, lower-case and without σ or ς: {word!r}")
            offset += len(word)
        self.chars = <Py_UCS4*>PyMem_Malloc((offset + 1) * sizeof(Py_UCS4))
        self.starts = <Py_ssize_t*>PyMem_Malloc((self.total + 1) * sizeof(Py_ssize_t))
        self.sizes = <Py_ssize_t*>PyMem_Malloc((self.total + 1) * sizeof(Py_ssize_t))
        if self.chars is NULL or self.starts is NULL or self.sizes is NULL:
            raise MemoryError()
        offset = 0
        for word in ordered:
            self.starts[i] = offset
            self.sizes[i] = len(word)
            for k in range(self.sizes[i]):
                self.chars[offset + k] = word[k]
            code = <unsigned int>self.chars[offset]
            if i < self.n_words and code < 128:
                if self.ascii_end[code] == 0:
                    self.ascii_begin[code] = i
                self.ascii_end[code] = i + 1
            elif i < self.n_words:
                if self.other_begin < 0:
                    self.other_begin = i
                self.other_firsts[code & 4095] = 1
            offset += self.sizes[i]
            i += 1

    def __dealloc__(self):
        PyMem_Free(self.chars)
        PyMem_Free(self.starts)
        PyMem_Free(self.sizes)


cdef bint _ascii_text_with_words(_WordTable table, const unsigned char* text, Py_ssize_t length) noexcept:
    """``texts_with_words``'s question of one ASCII text (its bytes): only the words of an ASCII first character can
    be in it, and an ASCII character is white space or a word character as ``_ascii_space`` and ``_ascii_word``
    say."""
    cdef Py_ssize_t at, j, i, k, size
    cdef unsigned char code
    cdef Py_UCS4* word
    cdef bint line_start = True
    for at in range(length):
        if line_start:
            j = at
            while j < length and _ascii_space(text[j]):
                j += 1
            for i in range(table.n_words, table.total):
                size = table.sizes[i]
                word = table.chars + table.starts[i]
                if j < length and <Py_UCS4>_ascii_lower(text[j]) == word[0] and j + size <= length and (
                        j + size == length or not _ascii_word(text[j + size])):
                    k = 1
                    while k < size and <Py_UCS4>_ascii_lower(text[j + k]) == word[k]:
                        k += 1
                    if k == size:
                        return True
        code = _ascii_lower(text[at])
        for i in range(table.ascii_begin[code], table.ascii_end[code]):
            size = table.sizes[i]
            if at + size <= length:
                word = table.chars + table.starts[i]
                k = 1
                while k < size and <Py_UCS4>_ascii_lower(text[at + k]) == word[k]:
                    k += 1
                if k == size:
                    return True
        line_start = code == 10
    return False


cdef inline bint _ascii_space(unsigned char code) noexcept:
    """Py_UNICODE_ISSPACE of an ASCII character: \\t-\\r, \\x1c-\\x1f and the space."""
    return code == 32 or 9 <= code <= 13 or 28 <= code <= 31


cdef inline bint _ascii_word(unsigned char code) noexcept:
    """``re``'s word character (ALNUM or "_") among ASCII characters."""
    return 48 <= code <= 57 or 65 <= code <= 90 or 97 <= code <= 122 or code == 95


# The tables made, by the identities of their two tuples (each caller passes its own constant tuples, and a page asks
# several callers in turn: one table each, made once rather than whenever another caller asked last). A table holds
# its tuples, so their identities stay theirs while it is kept; at most MAX_WORD_TABLES (a handful of callers; room
# for more), the dict emptied when full.
cdef dict _tables = {}
MAX_WORD_TABLES = 32


def texts_with_words(texts, tuple words, tuple line_words):
    """For each text, whether its lowered form (``_re_i_lower`` of each character) holds one of ``words`` or has a line
    that starts, after white space, with one of ``line_words`` followed by no word character: ``re.search(r"(?:^|\\n)
    \\s*(?:w1|w2...)\\b", lowered)`` with ``\\s`` and ``\\b`` as ``re`` reads them (Py_UNICODE_ISSPACE; ALNUM or "_").
    The words are lower-case and hold no σ or ς (which ``str.lower`` tells apart by context).
    ``blockwalk.texts_with_words`` is its Python twin."""
    key = (id(words), id(line_words))
    made = _tables.get(key)
    if made is None:
        if len(_tables) >= MAX_WORD_TABLES:
            _tables.clear()
        made = _tables[key] = _WordTable(words, line_words)
    cdef _WordTable table = made
    cdef Py_ssize_t n_words = table.n_words, total = table.total, i, length, at, j
    cdef Py_UCS4* chars = table.chars
    cdef Py_ssize_t* starts = table.starts
    cdef Py_ssize_t* sizes = table.sizes
    cdef list flags = []
    cdef str text
    cdef int kind
    cdef void* data
    cdef Py_UCS4 ch
    cdef unsigned int code
    cdef bint found, line_start
    for text in texts:
        kind = PyUnicode_KIND(text)
        data = PyUnicode_DATA(text)
        length = PyUnicode_GET_LENGTH(text)
        if PyUnicode_IS_ASCII(text):  # (nine in ten short blocks: read byte by byte)
            flags.append(_ascii_text_with_words(table, <const unsigned char*>data, length))
            continue
        found = False
        line_start = True
        at = 0
        while at < length and not found:
            if line_start:
                j = at
                while j < length and Py_UNICODE_ISSPACE(_re_i_lower(PyUnicode_READ(kind, data, j))):
                    j += 1
                ch = _re_i_lower(PyUnicode_READ(kind, data, j)) if j < length else 0
                for i in range(n_words, total):
                    if chars[starts[i]] == ch and _word_at(kind, data, length, j, chars + starts[i], sizes[i]) and (
                            j + sizes[i] == length or not _word_char(_re_i_lower(
                                PyUnicode_READ(kind, data, j + sizes[i])))):
                        found = True
                        break
                if found:
                    break
            ch = _re_i_lower(PyUnicode_READ(kind, data, at))
            code = <unsigned int>ch
            if code < 128:
                for i in range(table.ascii_begin[code], table.ascii_end[code]):
                    if _word_at(kind, data, length, at, chars + starts[i], sizes[i]):
                        found = True
                        break
            elif table.other_firsts[code & 4095]:
                for i in range(table.other_begin, n_words):
                    if chars[starts[i]] == ch and _word_at(kind, data, length, at, chars + starts[i], sizes[i]):
                        found = True
                        break
            line_start = code == 10
            at += 1
        flags.append(found)
    return flags


cdef bint _spaced(str text) noexcept:
    """Whether ``" ".join(text.split())`` differs from the text: white space at either end, other than a space, or two
    together."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t i, length = PyUnicode_GET_LENGTH(text)
    cdef Py_UCS4 ch
    cdef bint space = True  # (at the start: white space there is to go)
    for i in range(length):
        ch = PyUnicode_READ(kind, data, i)
        if Py_UNICODE_ISSPACE(ch):
            if space or <unsigned int>ch != 32:
                return True
            space = True
        else:
            space = False
    return space  # (white space at the end, or an empty text: "".split() joins to "" as well, but is cheap)


def folded_short_texts(blocks, most, double least=0):
    """``short_texts`` with each text's white space runs as one space, none at either end, and the result casefolded:
    ``" ".join(text.split()).casefold()`` (the visible metadata scan's headline candidates).
    ``blockwalk.folded_short_texts`` is its Python twin."""
    cdef list positions = [], texts = []
    cdef Py_ssize_t position = 0
    cdef str text
    for block in blocks:
        if _block_chars(block) <= most:
            text = _block_text(block)
            if PyUnicode_GET_LENGTH(text) >= least:
                positions.append(position)
                texts.append((" ".join(text.split()) if _spaced(text) else text).casefold())
        position += 1
    return positions, texts


cdef object _marks_arguments = None  # the last (names, stop, words) of ``marks_hold_words`` and their bytes
cdef object _marks_encoded = None


def marks_hold_words(element, tuple names, Py_ssize_t most, tuple stop, tuple words):
    """Whether the marks that ``ancestors_marks`` joins (same arguments) hold a character outside ASCII or one of
    ``words`` (lower-case ASCII) in any case: ``not (m := ancestors_marks(...)).isascii() or any(w in m.lower() for w
    in words)`` for words without white space, read in C without making the marks' strings.
    ``blockwalk.marks_hold_words`` is its Python twin."""
    cdef cetree._Element proxy = <cetree._Element?>element
    cdef tree.xmlNode* node = proxy._c_node
    cdef Py_ssize_t n = len(names), n_words = len(words), i, count = 0
    cdef tree.xmlAttr* attr
    cdef tree.xmlNode* child
    cdef bint stopped, hit = False
    cdef bytes encoded
    cdef list wanted, stops, texts
    global _marks_arguments, _marks_encoded
    if _marks_arguments is None or _marks_arguments[0] is not names or _marks_arguments[1] is not stop or \
            _marks_arguments[2] is not words:  # (the callers pass the same tuples: encoded once)
        texts = []
        for word in words:
            if not isinstance(word, str) or not word or not word.isascii() or word != word.lower() or \
                    len(word.split()) != 1 or word.split()[0] != word:
                raise ValueError(f"words must be non-empty lower-case ASCII without white space: {word!r}")
            texts.append(word.encode("ascii"))
        _marks_encoded = ([name.encode("utf-8") for name in names], [name.encode("utf-8") for name in stop], texts)
        _marks_arguments = (names, stop, words)
    wanted, stops, texts = _marks_encoded
    cdef const unsigned char** c_words = <const unsigned char**>PyMem_Malloc((n_words + 1) * sizeof(char*))
    cdef Py_ssize_t* lengths = <Py_ssize_t*>PyMem_Malloc((n_words + 1) * sizeof(Py_ssize_t))
    if c_words is NULL or lengths is NULL:
        PyMem_Free(c_words)
        PyMem_Free(lengths)
        raise MemoryError()
    try:
        for i in range(n_words):
            c_words[i] = <const unsigned char*>(<bytes>texts[i])
            lengths[i] = len(<bytes>texts[i])
        while node is not NULL and count < most and not hit:
            if node.type == tree.XML_ELEMENT_NODE:
                if _no_namespace(node):
                    stopped = False
                    for encoded in stops:
                        if strcmp(<const char*>node.name, <const char*>encoded) == 0:
                            stopped = True
                            break
                    if stopped:
                        break
                attr = node.properties
                while attr is not NULL and not hit:
                    if attr.ns is NULL:
                        for i in range(n):
                            if strcmp(<const char*>attr.name, <const char*><bytes>wanted[i]) == 0:
                                break
                        else:
                            attr = attr.next
                            continue
                        child = attr.children
                        if child is not NULL and child.next is NULL and child.type == tree.XML_TEXT_NODE:
                            hit = child.content is not NULL and _holds_word(<const unsigned char*>child.content,
                                                                            c_words, lengths, n_words)
                        elif child is not NULL:  # a value in several nodes (never from the HTML parser)
                            value = cetree.attributeValue(node, attr)
                            hit = not value.isascii() or any(word in value.lower() for word in words)
                    attr = attr.next
            elif not (count == 0 and node.type in (tree.XML_COMMENT_NODE, tree.XML_PI_NODE)):
                break
            count += 1
            node = node.parent
    finally:
        PyMem_Free(c_words)
        PyMem_Free(lengths)
    return hit


cdef extern from "Python.h":
    object PyList_GetSlice(object items, Py_ssize_t low, Py_ssize_t high)
    object PySet_New(object iterable)
    Py_ssize_t PY_SSIZE_T_MAX


cdef inline PyObject* _slot(object block, int slot) noexcept:
    return (<PyObject**>(<char*><PyObject*>block + _slot_offsets[slot]))[0]


cdef object _copy_block(object block):
    """``block.copy()``, its slots filled here when the block is of the walk's block class, every slot set and no
    fused text still to join (else its own ``copy``, which joins them or raises for an unset slot)."""
    cdef int slot
    cdef PyObject* value
    if not _block_slots_on or type(block) is not _block_class:
        return block.copy()
    for slot in range(N_SLOTS):
        if _slot(block, slot) is NULL:
            return block.copy()
    if <object>_slot(block, S_MERGED) is not None:
        return block.copy()
    clone = _new_block()
    for slot in range(N_SLOTS):
        if slot != S_ELEMENTS and slot != S_LABELS and slot != S_DECISIONS:
            _set_slot(clone, slot, <object>_slot(block, slot))
    value = _slot(block, S_ELEMENTS)
    _set_slot(clone, S_ELEMENTS, PyList_GetSlice(<object>value, 0, PY_SSIZE_T_MAX) if type(<object>value) is list
              else (<object>value).copy())
    value = _slot(block, S_LABELS)
    _set_slot(clone, S_LABELS, PySet_New(<object>value) if type(<object>value) is set else (<object>value).copy())
    value = _slot(block, S_DECISIONS)
    _set_slot(clone, S_DECISIONS, PyList_GetSlice(<object>value, 0, PY_SSIZE_T_MAX) if type(<object>value) is list
              else (<object>value).copy())
    return clone


def copy_blocks(blocks):
    """``[block.copy() for block in blocks]`` (``TextDocument.fresh_blocks``, each extractor run's own blocks), each
    copy's slots filled in C as ``_make_block`` fills a new block's. ``blocks.copy_blocks`` is its Python twin."""
    cdef list copies = []
    for block in blocks:
        copies.append(_copy_block(block))
    return copies


cdef extern from "string.h":
    const void* memchr(const void* s, int c, size_t n) nogil


def closing_root_tag_starts(bytes html):
    """Where ``</html`` or ``</body`` starts in ``html``, letters in any case, in order: the positions at which
    ``crawler.extractors.document.parse.CLOSING_ROOT_TAGS_BYTES_RE`` can match. Found by memchr from one "<" to the next
    (the regex's search steps through every byte of the page); its Python twin is the regex's ``sub`` itself."""
    cdef const unsigned char* data = <const unsigned char*><const char*>html
    cdef Py_ssize_t size = len(html), at = 0
    cdef const unsigned char* found
    cdef unsigned char a, b, c, d
    cdef list starts = []
    while at + 6 <= size:
        found = <const unsigned char*>memchr(data + at, 60, <size_t>(size - at))  # 60: "<"
        if found is NULL:
            break
        at = found - data
        if at + 6 > size:
            break
        if data[at + 1] == 47:  # "/"
            # b | 0x20 is the lower case of an ASCII letter, and no other byte gives a lower-case letter
            a, b, c, d = data[at + 2] | 0x20, data[at + 3] | 0x20, data[at + 4] | 0x20, data[at + 5] | 0x20
            if (a == 104 and b == 116 and c == 109 and d == 108) or (a == 98 and b == 111 and c == 100 and d == 121):
                starts.append(at)  # "html" or "body"
        at += 1
    return starts


from cpython cimport array as carray
import array as _array

cdef carray.array _doubles = _array.array("d")


def prefix_sums(Py_ssize_t size, values):
    """``crawler.extractors.document.subtree.TreeIndex.prefix`` (its Python twin) in C: the (position, value) pairs added
    into size + 1 slots in their order, then summed left to right, in doubles as Python's floats add them; an
    ``array('d')``, whose items are Python floats (no float object made per slot; the cascade asks several prefixes
    a page)."""
    cdef carray.array out = carray.clone(_doubles, size + 1, True)
    cdef double* slots = out.data.as_doubles
    cdef Py_ssize_t at, i
    for position, value in values:
        at = position
        at += 1
        if at < 0:  # as a list index: from the end
            at += size + 1
        if at < 0 or at > size:
            raise IndexError("list index out of range")
        slots[at] += <double>value
    for i in range(1, size + 1):
        slots[i] = slots[i - 1] + slots[i]
    return out


cdef inline bint _holds_decimal(str text) noexcept:
    """Whether a character of ``text`` is a decimal digit (Py_UNICODE_ISDECIMAL, what sre's \\d tests in a str). A
    1-byte text (Latin-1) is read for '0'-'9' alone: no other Latin-1 character is a decimal digit."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t i, n = PyUnicode_GET_LENGTH(text)
    cdef const unsigned char* bytes_
    cdef unsigned int code  # (a Py_UCS4 in arithmetic would be a Python str)
    if kind == 1:
        bytes_ = <const unsigned char*>data
        for i in range(n):
            if <unsigned char>(bytes_[i] - 48) < 10:
                return True
        return False
    for i in range(n):
        code = <unsigned int>PyUnicode_READ(kind, data, i)
        if code < 128:
            if code - 48 < 10:
                return True
        elif Py_UNICODE_ISDECIMAL(<Py_UCS4>code):
            return True
    return False


def texts_with_digit(list texts):
    """The indices of the texts that hold a decimal digit, in order: ``[i for i, text in enumerate(texts) if
    re.search(r"\\d", text)]`` (``metadata.datelines.texts_with_digit`` is its Python twin), one pass over each text
    up to its first digit. TypeError for an item that is no str."""
    cdef list found = []
    cdef Py_ssize_t index
    for index in range(len(texts)):
        text = texts[index]
        if type(text) is not str:
            raise TypeError(f"texts must be str, not {type(text).__name__}")
        if _holds_decimal(<str>text):
            found.append(index)
    return found


def hrefs_after(element, Py_ssize_t most):
    """The ``href`` values of the first ``most`` <a> elements (of no namespace) carrying one that come after
    ``element`` in document order, its descendants left out: the XPath ``following::a[@href][position() <= most]/@href``
    read over the nodes, no proxy made. Raises EntityReference for a tree with an entity reference node."""
    cdef cetree._Element proxy = <cetree._Element?>element
    cdef tree.xmlNode* node = proxy._c_node
    cdef tree.xmlAttr* attr
    cdef list values = []
    if most <= 0:
        return values
    while node is not NULL and node.next is NULL:  # past the element's subtree: the next node after it or an ancestor
        node = node.parent
    if node is NULL:
        return values
    node = node.next
    while node is not NULL:
        if node.type == tree.XML_ENTITY_REF_NODE:
            raise EntityReference()
        if node.type == tree.XML_ELEMENT_NODE:
            if _no_namespace(node) and strcmp(<const char*>node.name, "a") == 0:
                attr = _attribute(node, "href")
                if attr is not NULL:
                    values.append(cetree.attributeValue(node, attr))
                    if len(values) >= most:
                        return values
            if node.children is not NULL:
                node = node.children
                continue
        while node is not NULL and node.next is NULL:
            node = node.parent
        if node is not NULL:
            node = node.next
    return values


cdef struct _Spaced:
    Py_ssize_t chars
    Py_ssize_t words
    bint in_word


cdef int _count_spaced(const unsigned char* text, _Spaced* counted) except -1:
    """Adds ``text`` (UTF-8) to the characters and words of ``" ".join(text.split())``; EntityReference (the Python
    twin then reads the tree) for bytes that are not well-formed UTF-8, which lxml would refuse to decode."""
    cdef Py_ssize_t i = 0, n, k
    cdef unsigned int ch
    cdef unsigned char b
    while text[i] != 0:
        b = text[i]
        if b < 0x80:
            ch = b
            n = 1
        elif b >= 0xC2 and b <= 0xDF:
            ch = b & 0x1F
            n = 2
        elif b >= 0xE0 and b <= 0xEF:
            ch = b & 0x0F
            n = 3
        elif b >= 0xF0 and b <= 0xF4:
            ch = b & 0x07
            n = 4
        else:
            raise EntityReference()
        for k in range(1, n):
            if text[i + k] & 0xC0 != 0x80:
                raise EntityReference()
            ch = (ch << 6) | (text[i + k] & 0x3F)
        if (n == 3 and (ch < 0x800 or 0xD800 <= ch <= 0xDFFF)) or (n == 4 and (ch < 0x10000 or ch > 0x10FFFF)):
            raise EntityReference()
        if Py_UNICODE_ISSPACE(<Py_UCS4>ch):
            counted.in_word = False
        else:
            if not counted.in_word:
                counted.words += 1
                counted.in_word = True
            counted.chars += 1
        i += n
    return 0


cdef inline Py_ssize_t _spaced_length(_Spaced* counted) noexcept:
    return counted.chars + counted.words - 1 if counted.words else 0


cdef int _count_subtree_text(tree.xmlNode* element, _Spaced* counted) except -1:
    """Adds the XPath string value of ``element`` (its text and CDATA nodes' content, in document order)."""
    cdef tree.xmlNode* node = element.children
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            if node.content is not NULL:
                _count_spaced(node.content, counted)
        elif node.type == tree.XML_ENTITY_REF_NODE:
            raise EntityReference()
        elif node.type == tree.XML_ELEMENT_NODE and node.children is not NULL:
            node = node.children
            continue
        while node.next is NULL:
            node = node.parent
            if node is element:
                return 0
        node = node.next
    return 0


cdef inline bint _is_element_link(tree.xmlNode* node) noexcept:
    return node.type == tree.XML_ELEMENT_NODE and _no_namespace(node) and strcmp(<const char*>node.name, "a") == 0


cdef inline bint _lxml_element(tree.xmlNode* node) noexcept:
    """lxml's _isElement: what ``getparent`` returns a proxy for."""
    return (node.type == tree.XML_ELEMENT_NODE or node.type == tree.XML_COMMENT_NODE
            or node.type == tree.XML_ENTITY_REF_NODE or node.type == tree.XML_PI_NODE)


cdef bint _links_elsewhere(tree.xmlNode* node, cetree._Element top, object elsewhere) except -1:
    """``elsewhere(link)`` of the link's proxy (the caller's test of where a link leads)."""
    return bool(elsewhere(_proxy(top._doc, node, top)))


cdef bint _self_linked(tree.xmlNode* heading, cetree._Element top, object elsewhere) except -1:
    """Whether the heading's text is not empty and at least half of it lies in links that ``elsewhere`` tells lead
    elsewhere, or the heading sits in such a link (``walk_python._self_linked``)."""
    cdef _Spaced whole, linked
    cdef tree.xmlNode* node
    memset(&whole, 0, sizeof(_Spaced))
    memset(&linked, 0, sizeof(_Spaced))
    _count_subtree_text(heading, &whole)
    if whole.words == 0:
        return False
    node = heading.children
    while node is not NULL:  # the links below the heading in document order, each one's text then a space
        if node.type == tree.XML_ELEMENT_NODE:
            if _is_element_link(node) and _links_elsewhere(node, top, elsewhere):
                _count_subtree_text(node, &linked)
                linked.in_word = False
            if node.children is not NULL:
                node = node.children
                continue
        while node.next is NULL:
            node = node.parent
            if node is heading:
                break
        if node is heading:
            break
        node = node.next
    if 2 * _spaced_length(&linked) >= _spaced_length(&whole):
        return True
    node = heading.parent
    while node is not NULL and _lxml_element(node):
        if _is_element_link(node) and _links_elsewhere(node, top, elsewhere):
            return True
        node = node.parent
    return False


cdef int _hold(set held, tree.xmlNode* node) except -1:
    """Adds the node and its ancestors below the root (each with an lxml parent) to ``held``, by address."""
    cdef object key
    while node is not NULL and node.parent is not NULL and _lxml_element(node.parent):
        key = <size_t>node
        if key in held:
            return 0
        held.add(key)
        node = node.parent
    return 0


cdef enum:
    MOST_HEADING_NAMES = 16


def heading_holders(top, tuple headings, str headline, elsewhere):
    """``(linked, headline)``: the node keys (``node_key``) of the elements at and below ``top`` that are or hold a
    heading named in ``headings`` (plain tag names, at most 16) whose text at least half lies in links for which
    ``elsewhere(link)`` is true, or that sits in such a link, and of those that are or hold a ``headline`` element,
    the root left out (it has no parent); one walk, a proxy made only for the links asked about. Raises
    EntityReference for a tree with an entity reference node."""
    cdef cetree._Element element = <cetree._Element?>top
    cdef tree.xmlNode* c_top = element._c_node
    cdef tree.xmlNode* node = c_top
    cdef list wanted = [heading.encode("utf-8") for heading in headings]
    cdef bytes wanted_headline = headline.encode("utf-8")
    cdef const char* c_headline = <const char*>wanted_headline
    cdef const char* names[MOST_HEADING_NAMES]
    cdef Py_ssize_t n = len(wanted), i
    cdef set linked = set(), held = set()
    cdef const char* tag
    if n > MOST_HEADING_NAMES:
        raise ValueError(f"at most {MOST_HEADING_NAMES} heading names")
    for i in range(n):
        names[i] = <const char*>(<bytes>wanted[i])
    if node is NULL or node.type != tree.XML_ELEMENT_NODE:
        return frozenset(), frozenset()
    while node is not NULL:
        if _no_namespace(node):
            tag = <const char*>node.name
            if strcmp(tag, c_headline) == 0:
                _hold(held, node)
            else:
                for i in range(n):
                    if tag[0] == names[i][0] and strcmp(tag, names[i]) == 0:
                        if _self_linked(node, element, elsewhere):
                            _hold(linked, node)
                        break
        node = _next_element(node, c_top)
    return frozenset(linked), frozenset(held)


cdef enum:
    SHOWN_HOLDS = 0
    SHOWN_JOIN = 1


cdef bint _hidden_text_holder(tree.xmlNode* node) except -1:
    """A <style>, or a <script> whose type is not 'application/ld+json' (the XPath ``script[not(@type=…)]``): elements
    whose text the page does not show. EntityReference for a type attribute that is not one text node."""
    cdef tree.xmlAttr* attr
    cdef tree.xmlNode* value
    if not _no_namespace(node):
        return False
    if strcmp(<const char*>node.name, "style") == 0:
        return True
    if strcmp(<const char*>node.name, "script") != 0:
        return False
    attr = _attribute(node, "type")
    if attr is NULL:
        return True
    value = attr.children
    if value is NULL:
        return True
    if value.type != tree.XML_TEXT_NODE or value.next is not NULL:
        raise EntityReference()
    return value.content is NULL or strcmp(<const char*>value.content, "application/ld+json") != 0


cdef object _shown_texts(cetree._Element element, int mode, const char* name):
    """Walks the text and CDATA nodes of the element's whole document in document order, passing over the subtrees
    of ``_hidden_text_holder`` elements: SHOWN_HOLDS gives whether one holds ``name``, SHOWN_JOIN their bytes joined.
    EntityReference for an entity reference node or a document type that holds declarations."""
    cdef tree.xmlNode* node = element._doc._c_doc.children
    cdef list parts = []
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            if mode == SHOWN_HOLDS:
                if node.content is not NULL:
                    if strstr(<const char*>node.content, name) is not NULL:
                        return True
                elif name[0] == 0:  # (an empty text holds the empty name)
                    return True
            elif node.content is not NULL:
                parts.append(<bytes>node.content)
        elif node.type == tree.XML_ENTITY_REF_NODE:
            raise EntityReference()
        elif node.type == tree.XML_ELEMENT_NODE:
            if node.children is not NULL and not _hidden_text_holder(node):
                node = node.children
                continue
        elif node.children is not NULL and node.type != tree.XML_COMMENT_NODE and node.type != tree.XML_PI_NODE:
            raise EntityReference()  # (a document type's declarations: left to libxml2's XPath)
        while node.next is NULL:
            node = node.parent
            if node is NULL or node.type == tree.XML_DOCUMENT_NODE or node.type == tree.XML_HTML_DOCUMENT_NODE:
                return False if mode == SHOWN_HOLDS else b"".join(parts)
        node = node.next
    return False if mode == SHOWN_HOLDS else b"".join(parts)


def shown_text_holds(top, str name):
    """The XPath ``boolean(//text()[not(ancestor::script[not(@type='application/ld+json')] or
    ancestor::style)][contains(., $name)])`` from ``top``: whether one text node of its document outside a style and
    a script other than JSON-LD holds ``name``, read over the nodes. Raises EntityReference for a tree (an entity
    reference, a declaration) or a name (holding NUL) the XPath must read."""
    if "\x00" in name:
        raise EntityReference()
    encoded = name.encode("utf-8")
    return _shown_texts(<cetree._Element?>top, SHOWN_HOLDS, <const char*>encoded)


def shown_text(top):
    """``"".join`` of the XPath ``//text()[not(ancestor::script[not(@type='application/ld+json')] or
    ancestor::style)]`` from ``top``: the texts of its document outside styles and scripts other than JSON-LD, read over
    the nodes. Raises EntityReference as ``shown_text_holds`` does, and for text that is not UTF-8 (lxml's reading
    of it is left to the XPath)."""
    try:
        return (<bytes>_shown_texts(<cetree._Element?>top, SHOWN_JOIN, NULL)).decode("utf-8")
    except UnicodeDecodeError:
        raise EntityReference()
