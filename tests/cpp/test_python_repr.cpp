// repr() of floats, complexes, str, bytes and constants against values the
// reference interpreters printed, and JSON strings against json.dumps.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <sstream>

#include "code/code_object.hpp"
#include "fixture_files.hpp"
#include "text/json_writer.hpp"
#include "text/python_repr.hpp"

namespace depyf {
namespace {

double from_bits(const std::string& hex) {
  return std::bit_cast<double>(std::stoull(hex, nullptr, 16));
}

// tests/data/float_reprs.txt: "f BITS repr" and "c REAL_BITS IMAG_BITS repr".
TEST(ReprFloat, MatchesPythonOnGeneratedTable) {
  const std::string table = testing::read_fixture("float_reprs.txt");
  ASSERT_FALSE(table.empty()) << "missing tests/data/float_reprs.txt; run tools/make_test_fixtures.py";
  std::istringstream lines(table);
  std::string kind, bits, imag_bits, expected;
  int floats = 0, complexes = 0;
  while (lines >> kind) {
    if (kind == "f") {
      lines >> bits >> expected;
      EXPECT_EQ(repr_float(from_bits(bits)), expected) << "bits " << bits;
      ++floats;
    } else {
      lines >> bits >> imag_bits >> expected;
      EXPECT_EQ(repr_complex(from_bits(bits), from_bits(imag_bits)), expected) << bits << " " << imag_bits;
      ++complexes;
    }
  }
  EXPECT_GT(floats, 900);
  EXPECT_GT(complexes, 150);
}

TEST(ReprFloat, TrickyValues) {
  EXPECT_EQ(repr_float(0.1), "0.1");
  EXPECT_EQ(repr_float(1.0), "1.0");
  EXPECT_EQ(repr_float(-0.0), "-0.0");
  EXPECT_EQ(repr_float(1e16), "1e+16");
  EXPECT_EQ(repr_float(1e15), "1000000000000000.0");
  EXPECT_EQ(repr_float(9999999999999998.0), "9999999999999998.0");
  EXPECT_EQ(repr_float(1e-5), "1e-05");
  EXPECT_EQ(repr_float(1.5e-5), "1.5e-05");
  EXPECT_EQ(repr_float(0.0001), "0.0001");
  EXPECT_EQ(repr_float(1e300), "1e+300");
  EXPECT_EQ(repr_float(123456789012345678.0), "1.2345678901234568e+17");
  EXPECT_EQ(repr_float(5e-324), "5e-324");
  EXPECT_EQ(repr_float(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(repr_float(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(repr_float(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(repr_float(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(repr_float(std::nan("")), "nan");
  EXPECT_EQ(repr_float(-std::nan("")), "nan");
}

TEST(ReprComplex, Layouts) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(repr_complex(0.0, 1.0), "1j");
  EXPECT_EQ(repr_complex(1.0, 2.0), "(1+2j)");
  EXPECT_EQ(repr_complex(-0.0, -1.0), "(-0-1j)");
  EXPECT_EQ(repr_complex(0.0, -0.0), "-0j");
  EXPECT_EQ(repr_complex(-0.0, 0.0), "(-0+0j)");
  EXPECT_EQ(repr_complex(0.0, inf), "infj");
  EXPECT_EQ(repr_complex(std::nan(""), std::nan("")), "(nan+nanj)");
  EXPECT_EQ(repr_complex(1e16, 1e-5), "(1e+16+1e-05j)");
  EXPECT_EQ(repr_complex(-0.0, -1e16), "(-0-1e+16j)");
}

TEST(ReprStr, QuotesAndEscapes) {
  EXPECT_EQ(repr_str(""), "''");
  EXPECT_EQ(repr_str("it's"), "\"it's\"");
  EXPECT_EQ(repr_str("say \"hi\""), "'say \"hi\"'");
  EXPECT_EQ(repr_str("both ' and \""), "'both \\' and \"'");
  EXPECT_EQ(repr_str("tab\there\nnew\rline\\"), "'tab\\there\\nnew\\rline\\\\'");
  EXPECT_EQ(repr_str(std::string("\0\x1f\x7f", 3)), "'\\x00\\x1f\\x7f'");
}

TEST(ReprStr, NonAscii) {
  EXPECT_EQ(repr_str("caf\xc3\xa9"), "'caf\xc3\xa9'");
  EXPECT_EQ(repr_str("\xe4\xb8\xad"), "'\xe4\xb8\xad'");
  EXPECT_EQ(repr_str("\xf0\x9f\x98\x80"), "'\xf0\x9f\x98\x80'");                      // U+1F600
  EXPECT_EQ(repr_str("\xc2\x80\xc2\x9f\xc2\xa0\xc2\xad"), "'\\x80\\x9f\\xa0\\xad'");  // C1, NBSP, soft hyphen
  EXPECT_EQ(repr_str("\xed\xa0\x80"), "'\\ud800'");                                   // lone surrogate
  EXPECT_EQ(repr_str("x\xed\xb3\xbf"), "'x\\udcff'");
  EXPECT_EQ(repr_str("\xe2\x80\xa8\xe2\x80\x8b\xef\xbb\xbf"), "'\\u2028\\u200b\\ufeff'");
  EXPECT_EQ(repr_str("\xf3\xa0\x80\x81"), "'\\U000e0001'");       // language tag (Cf)
  EXPECT_EQ(repr_str("\xf3\xa0\x84\x80"), "'\xf3\xa0\x84\x80'");  // variation selector 17
  EXPECT_EQ(repr_str("\xf4\x8f\xbf\xbf"), "'\\U0010ffff'");       // noncharacter
  EXPECT_EQ(repr_str("\xef\xb7\x90"), "'\\ufdd0'");
  EXPECT_EQ(repr_str("\xee\x80\x80"), "'\\ue000'");          // private use
  EXPECT_EQ(repr_str("\xf1\x90\x80\x80"), "'\\U00050000'");  // unassigned plane 5
  EXPECT_EQ(repr_str("\xcd\xb8"), "'\\u0378'");              // unassigned
}

TEST(ReprStr, PrintabilityFollowsTheVersionsUnicodeDatabase) {
  // U+1FAD0 BLUEBERRIES arrived in Unicode 13: Python 3.8 escapes it, 3.9+ do not.
  EXPECT_EQ(repr_str("\xf0\x9f\xab\x90", PythonVersion{3, 8}), "'\\U0001fad0'");
  EXPECT_EQ(repr_str("\xf0\x9f\xab\x90", PythonVersion{3, 9}), "'\xf0\x9f\xab\x90'");
  EXPECT_EQ(repr_str("\xf0\x9f\xab\x90"), "'\xf0\x9f\xab\x90'");
  const auto tuple = Constant::make_sequence(Constant::Kind::Tuple, {Constant::make_str("\xf0\x9f\xab\x90")});
  EXPECT_EQ(repr_constant(*tuple, PythonVersion{3, 8}), "('\\U0001fad0',)");
}

TEST(ReprStr, InvalidUtf8BytesShowAsSurrogateEscapes) {
  EXPECT_EQ(repr_str("a\xff"), "'a\\udcff'");
}

TEST(ReprBytes, LikePython) {
  EXPECT_EQ(repr_bytes(""), "b''");
  EXPECT_EQ(repr_bytes("it's"), "b\"it's\"");
  EXPECT_EQ(repr_bytes("say \"hi\""), "b'say \"hi\"'");
  EXPECT_EQ(repr_bytes("both ' and \""), "b'both \\' and \"'");
  std::string every_17th;
  for (int i = 0; i < 256; i += 17) every_17th += static_cast<char>(i);
  EXPECT_EQ(repr_bytes(every_17th), "b'\\x00\\x11\"3DUfw\\x88\\x99\\xaa\\xbb\\xcc\\xdd\\xee\\xff'");
  EXPECT_EQ(repr_bytes("\t\n\r\\"), "b'\\t\\n\\r\\\\'");
}

ConstantPtr ints(std::initializer_list<const char*> values, Constant::Kind kind) {
  std::vector<ConstantPtr> items;
  for (const char* value : values) items.push_back(Constant::make_int(value));
  return Constant::make_sequence(kind, std::move(items));
}

TEST(ReprConstant, EveryKind) {
  using Kind = Constant::Kind;
  EXPECT_EQ(repr_constant(*Constant::make_none()), "None");
  EXPECT_EQ(repr_constant(*Constant::make_ellipsis()), "Ellipsis");
  EXPECT_EQ(repr_constant(*Constant::make_bool(true)), "True");
  EXPECT_EQ(repr_constant(*Constant::make_int("-123456789012345678901234567890")), "-123456789012345678901234567890");
  EXPECT_EQ(repr_constant(*Constant::make_float(2.5)), "2.5");
  EXPECT_EQ(repr_constant(*Constant::make_complex(1, -1)), "(1-1j)");
  EXPECT_EQ(repr_constant(*Constant::make_bytes("x")), "b'x'");
  EXPECT_EQ(repr_constant(*Constant::make_str("x")), "'x'");
  EXPECT_EQ(repr_constant(*ints({}, Kind::Tuple)), "()");
  EXPECT_EQ(repr_constant(*ints({"1"}, Kind::Tuple)), "(1,)");
  EXPECT_EQ(repr_constant(*ints({"1", "2"}, Kind::Tuple)), "(1, 2)");
  EXPECT_EQ(repr_constant(*ints({"1"}, Kind::List)), "[1]");
  EXPECT_EQ(repr_constant(*ints({}, Kind::Set)), "set()");
  EXPECT_EQ(repr_constant(*ints({"1", "2"}, Kind::Set)), "{1, 2}");
  EXPECT_EQ(repr_constant(*ints({}, Kind::FrozenSet)), "frozenset()");
  EXPECT_EQ(repr_constant(*ints({"2", "1"}, Kind::FrozenSet)), "frozenset({2, 1})");
  EXPECT_EQ(repr_constant(*ints({}, Kind::Dict)), "{}");
  EXPECT_EQ(repr_constant(*ints({"1", "2", "3", "4"}, Kind::Dict)), "{1: 2, 3: 4}");
  EXPECT_EQ(repr_constant(*ints({"1", "2", "3"}, Kind::Slice)), "slice(1, 2, 3)");
  EXPECT_EQ(repr_constant(*Constant::make_opaque(3, "<object object at 0x7f>")), "<object object at 0x7f>");
  auto code = std::make_shared<CodeObject>();
  code->name = "f";
  code->filename = "dir/f.py";
  code->firstlineno = 12;
  EXPECT_EQ(repr_constant(*Constant::make_code(code)), "<code object f at 0x0, file \"dir/f.py\", line 12>");
  const auto nested = Constant::make_sequence(Kind::Tuple, {ints({"1"}, Kind::Tuple), Constant::make_str("a")});
  EXPECT_EQ(repr_constant(*nested), "((1,), 'a')");
}

// A string literal with its embedded NULs, without counting by hand.
template <std::size_t N>
std::string literal(const char (&text)[N]) {
  return std::string(text, N - 1);
}

std::string json(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

TEST(JsonString, MatchesJsonDumpsWithoutEnsureAscii) {
  // Expected values printed by json.dumps(s, ensure_ascii=False).
  EXPECT_EQ(json(literal("a\"b\\c\n\r\t\b\f\0\x01\x1f\x7f \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80")),
            "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0000\\u0001\\u001f\x7f \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\"");
  EXPECT_EQ(json("\xe2\x80\xa8"), "\"\xe2\x80\xa8\"");
  EXPECT_EQ(json(""), "\"\"");
}

TEST(JsonString, SurrogatesAndInvalidBytesAreEscaped) {
  // json.dumps would write the surrogate raw (not valid UTF-8); the escape
  // loads back as the same str.
  EXPECT_EQ(json("\xed\xa0\x80x\xed\xb3\xbf"), "\"\\ud800x\\udcff\"");
  EXPECT_EQ(json("a\xff\xc3"), "\"a\\udcff\\udcc3\"");
}

}  // namespace
}  // namespace depyf
