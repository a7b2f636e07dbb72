from crawler.extractors.document.text import WrapCounter, cjk_ratio, count_words, stoplist, tokens, visible_length


def test_latin_words_are_word_runs():
    assert tokens("Hello, world! It's 2024.") == ["Hello", "world", "It", "s", "2024"]


def test_each_cjk_character_is_a_token():
    assert tokens("北京时间2024年") == ["北", "京", "时", "间", "2024", "年"]
    assert count_words("日本語のテキスト") == 8
    assert count_words("한국어 문장") == 5


def test_visible_length_ignores_all_white_space():
    assert visible_length(" a b\u3000c\u00a0d\n") == 4


def test_cjk_ratio():
    assert cjk_ratio("中文abc") == 0.4
    assert cjk_ratio("   ") == 0.0


def test_wrap_counter_counts_words_of_finished_lines_only():
    counter = WrapCounter()
    counter.add("word " * 30, in_anchor=False)  # 30 words of 5 columns: 16 per 80-column line
    in_wrapped, lines = counter.result()
    assert counter.words == 30
    assert lines == 1 and in_wrapped == 16


def test_wrap_counter_short_text_is_one_line():
    counter = WrapCounter()
    counter.add("a few words", in_anchor=True)
    assert counter.result() == (3, 1)
    assert counter.linked_words == 3


def test_stoplists_by_language():
    assert "the" in stoplist("en")
    assert "und" in stoplist("de")
    assert "的" in stoplist("zh")
    assert all(len(w) == 1 for w in stoplist("zh"))
    assert stoplist("xx") == frozenset()


def test_ascii_fast_path_finds_the_full_token_regex_tokens() -> None:
    """``tokens`` answers ASCII-only text with a plain word-run regex; every ASCII character must split and join
    as the full token regex has it (the separators the block walk puts between pieces included)."""
    from crawler.extractors.document.text import ASCII_TOKEN_RE, TOKEN_RE, tokens

    every_ascii = "".join(chr(code) for code in range(128))
    samples = [every_ascii, every_ascii[::-1], "it's 3.5 km_h\x01half\x01word  end", "a\x00b\tc\nd-e_f9"]
    for text in samples:
        assert text.isascii()
        assert ASCII_TOKEN_RE.findall(text) == TOKEN_RE.findall(text)
        assert tokens(text) == TOKEN_RE.findall(text)
    assert tokens("café naïve 中文") == TOKEN_RE.findall("café naïve 中文")


def test_token_char_classes_tell_how_the_token_pattern_reads_each_character() -> None:
    from crawler.extractors.document.text import TOKEN_RE, TOKEN_TABLE_CHARS, token_char_classes

    classes = token_char_classes()
    assert len(classes) == TOKEN_TABLE_CHARS
    for code in range(TOKEN_TABLE_CHARS):
        character = chr(code)
        if classes[code] == 1:  # a token character whose runs are tokens: a run of three is one token
            assert TOKEN_RE.findall(character * 3) == [character * 3], hex(code)
            assert TOKEN_RE.findall(f"{character}\u2019{character}") == [character, character], hex(code)
        elif classes[code] == 3:  # a token alone: a run of three is three tokens
            assert TOKEN_RE.findall(character * 3) == [character] * 3, hex(code)
        elif classes[code] == 0:
            assert TOKEN_RE.findall(character) == [], hex(code)
    # marks and unspaced scripts are left to the pattern
    assert classes[0x0301] == classes[0x0E01] == classes[0x3099] == 2
    assert classes[ord("中")] == classes[ord("한")] == classes[ord("カ")] == 3
    assert classes[ord("é")] == classes[ord("ж")] == 1 and classes[ord("’")] == classes[ord("，")] == 0
