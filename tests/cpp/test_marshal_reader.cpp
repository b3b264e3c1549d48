// The marshal reader on data each interpreter wrote (marshal.dumps in every
// format version) and on hand-made data for each rule: references, sizes,
// nesting, code object field types, and corrupt input.
#include <gtest/gtest.h>

#include <random>

#include "code/error.hpp"
#include "fixture_files.hpp"
#include "marshal/marshal_reader.hpp"
#include "text/python_repr.hpp"

namespace depyf {
namespace {

using testing::fixture_minors;
using testing::flat_json_lines;
using testing::read_fixture;
using testing::version_dir;

constexpr PythonVersion k38{3, 8};
constexpr PythonVersion k311{3, 11};

// Builds marshal data by hand, so each test shows the bytes it is about.
class Writer {
 public:
  Writer& byte(int value) {
    data_ += static_cast<char>(value);
    return *this;
  }
  Writer& type(char code, bool ref = false) { return byte(static_cast<unsigned char>(code) | (ref ? 0x80 : 0)); }
  Writer& i32(std::int64_t value) {
    for (int i = 0; i < 4; ++i) byte(static_cast<int>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
    return *this;
  }
  Writer& raw(std::string_view bytes) {
    data_ += bytes;
    return *this;
  }
  Writer& short_str(std::string_view text, bool ref = false) {
    return type('z', ref).byte(static_cast<int>(text.size())).raw(text);
  }
  Writer& bytes(std::string_view value) { return type('s').i32(static_cast<std::int64_t>(value.size())).raw(value); }
  Writer& small_tuple(int size, bool ref = false) { return type(')', ref).byte(size); }
  Writer& str_tuple(std::initializer_list<std::string_view> names) {
    small_tuple(static_cast<int>(names.size()));
    for (auto name : names) short_str(name);
    return *this;
  }
  const std::string& data() const { return data_; }

 private:
  std::string data_;
};

std::string error_of(std::string_view data, PythonVersion version = k38) {
  try {
    read_marshal_object(data, version);
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

std::string repr_of(std::string_view data, PythonVersion version = k38) {
  return repr_constant(*read_marshal_object(data, version));
}

// ---- data written by the interpreters ------------------------------------

class MarshalValuesFixture : public ::testing::TestWithParam<int> {};

TEST_P(MarshalValuesFixture, EveryFormatVersionReadsBackToTheSameRepr) {
  const std::string dir = version_dir(GetParam());
  const auto expected = flat_json_lines(read_fixture(dir + "values.json"));
  ASSERT_EQ(expected.size(), 1u) << "missing " << dir << "values.json; run tools/make_test_fixtures.py";
  for (int format = 0; format <= 4; ++format) {
    const std::string name = dir + "values_v" + std::to_string(format) + ".marshal";
    const std::string data = read_fixture(name);
    ASSERT_FALSE(data.empty()) << name;
    const ConstantPtr values = read_marshal_object(data, PythonVersion{3, GetParam()});
    const auto actual = flat_json_lines({{"values", repr_constant(*values, PythonVersion{3, GetParam()})}});
    EXPECT_EQ(actual, expected) << name;
  }
}

TEST_P(MarshalValuesFixture, SharedObjectsComeBackShared) {
  const std::string data = read_fixture(version_dir(GetParam()) + "values_v4.marshal");
  const ConstantPtr values = read_marshal_object(data, PythonVersion{3, GetParam()});
  const Constant& shared = *values->items.back();
  ASSERT_EQ(shared.items.size(), 3u);
  EXPECT_EQ(shared.items[0], shared.items[1]);
  EXPECT_EQ(shared.items[0], shared.items[2]);
}

TEST_P(MarshalValuesFixture, EveryTruncationThrows) {
  for (int format = 0; format <= 4; ++format) {
    const std::string data = read_fixture(version_dir(GetParam()) + "values_v" + std::to_string(format) + ".marshal");
    for (std::size_t length = 0; length < data.size(); ++length) {
      EXPECT_THROW(read_marshal_object(std::string_view(data).substr(0, length), k38), Error)
          << "format " << format << ", prefix of " << length << " bytes";
    }
  }
}

TEST_P(MarshalValuesFixture, MutatedDataLoadsOrThrows) {
  const std::string original = read_fixture(version_dir(GetParam()) + "values_v4.marshal");
  ASSERT_FALSE(original.empty());
  std::mt19937 random(static_cast<unsigned>(100 + GetParam()));
  for (int round = 0; round < 2000; ++round) {
    std::string data = original;
    data[random() % data.size()] = static_cast<char>(random());
    try {
      (void)repr_of(data);
    } catch (const Error&) {
    }
  }
}

// 3.14+ only: slices (format 5) and 3.15 frozendicts, written in the
// interpreter's own newest format.
class NewestMarshalFormat : public ::testing::TestWithParam<int> {};

TEST_P(NewestMarshalFormat, ObjectsReadBack) {
  const int minor = GetParam();
  const std::string dir = version_dir(minor);
  const auto expected = flat_json_lines(read_fixture(dir + "values_newest.json"));
  ASSERT_EQ(expected.size(), 1u) << "missing " << dir << "values_newest.json; run tools/make_test_fixtures.py";
  const std::string data = read_fixture(dir + "values_newest.marshal");
  ASSERT_FALSE(data.empty());
  const PythonVersion version{3, minor};
  EXPECT_EQ(flat_json_lines({{"values", repr_constant(*read_marshal_object(data, version), version)}}), expected);
  for (std::size_t length = 0; length < data.size(); ++length) {
    EXPECT_THROW(read_marshal_object(std::string_view(data).substr(0, length), version), Error)
        << "prefix of " << length << " bytes";
  }
}

INSTANTIATE_TEST_SUITE_P(From314, NewestMarshalFormat, ::testing::Values(14, 15),
                         [](const auto& info) { return "py3" + std::to_string(info.param); });

INSTANTIATE_TEST_SUITE_P(AllVersions, MarshalValuesFixture, ::testing::ValuesIn(fixture_minors()),
                         [](const auto& info) { return "py3" + std::to_string(info.param); });

// ---- scalars --------------------------------------------------------------

TEST(MarshalScalars, Integers) {
  EXPECT_EQ(repr_of(Writer().type('i').i32(-5).data()), "-5");
  EXPECT_EQ(repr_of(Writer().type('i').i32(INT32_MIN).data()), "-2147483648");
  EXPECT_EQ(repr_of(Writer().type('I').i32(0).i32(0x80000000).data()), "-9223372036854775808");
  // 2**30 + 3 in two 15-bit digits, least significant first; negative count means negative.
  EXPECT_EQ(repr_of(Writer().type('l').i32(-3).raw(std::string("\x03\x00\x00\x00\x01\x00", 6)).data()), "-1073741827");
  EXPECT_EQ(repr_of(Writer().type('l').i32(0).data()), "0");
}

TEST(MarshalScalars, LongsOfAnySize) {
  // 2**(15*40) - 1: forty digits of 0x7fff.
  Writer writer;
  writer.type('l').i32(40);
  for (int i = 0; i < 40; ++i) writer.raw("\xff\x7f");
  const std::string decimal = repr_of(writer.data());
  EXPECT_EQ(decimal.size(), 181u);
  EXPECT_EQ(decimal.substr(0, 10), "4149515568");
  EXPECT_EQ(decimal.substr(decimal.size() - 10), "9523685375");
}

TEST(MarshalScalars, BadLongs) {
  EXPECT_NE(error_of(Writer().type('l').i32(2).raw(std::string("\x01\x00\x00\x00", 4)).data()).find("unnormalized"),
            std::string::npos);
  EXPECT_NE(error_of(Writer().type('l').i32(1).raw(std::string("\x00\x80", 2)).data()).find("digit out of range"),
            std::string::npos);
  EXPECT_NE(error_of(Writer().type('l').i32(INT32_MIN).data()).find("exceeds"), std::string::npos);
  EXPECT_NE(error_of(Writer().type('l').i32(INT32_MAX).data()).find("exceeds"), std::string::npos);
}

TEST(MarshalScalars, TextAndBinaryFloats) {
  EXPECT_EQ(repr_of(Writer().type('f').byte(3).raw("1.5").data()), "1.5");
  EXPECT_EQ(repr_of(Writer().type('f').byte(4).raw("-inf").data()), "-inf");
  EXPECT_EQ(repr_of(Writer().type('f').byte(2).raw("+2").data()), "2.0");
  EXPECT_EQ(repr_of(Writer().type('x').byte(1).raw("0").byte(3).raw("nan").data()), "nanj");
  EXPECT_NE(error_of(Writer().type('f').byte(3).raw("abc").data()).find("invalid float text 'abc'"), std::string::npos);
  EXPECT_NE(error_of(Writer().type('f').byte(0).data()).find("invalid"), std::string::npos);
  EXPECT_EQ(repr_of(Writer().type('g').raw(std::string("\0\0\0\0\0\0\xf0\x3f", 8)).data()), "1.0");
  EXPECT_EQ(repr_of(Writer().type('y').raw(std::string(8, '\0')).raw(std::string("\0\0\0\0\0\0\xf0\xbf", 8)).data()),
            "-1j");
}

TEST(MarshalScalars, Singletons) {
  EXPECT_EQ(repr_of("N"), "None");
  EXPECT_EQ(repr_of("T"), "True");
  EXPECT_EQ(repr_of("F"), "False");
  EXPECT_EQ(repr_of("."), "Ellipsis");
  EXPECT_EQ(repr_of("S"), "<class 'StopIteration'>");
}

// ---- strings --------------------------------------------------------------

TEST(MarshalStrings, EachEncoding) {
  EXPECT_EQ(repr_of(Writer().type('u').i32(2).raw("\xc3\xa9").data()), "'\xc3\xa9'");
  EXPECT_EQ(repr_of(Writer().type('t').i32(1).raw("x").data()), "'x'");
  // The ASCII types are read as Latin-1, as CPython does.
  EXPECT_EQ(repr_of(Writer().type('a').i32(1).raw("\xe9").data()), "'\xc3\xa9'");
  EXPECT_EQ(repr_of(Writer().type('A').i32(0).data()), "''");
  EXPECT_EQ(repr_of(Writer().type('Z').byte(2).raw("ab").data()), "'ab'");
  EXPECT_EQ(repr_of(Writer().bytes(std::string("a\0", 2)).data()), "b'a\\x00'");
}

TEST(MarshalStrings, LoneSurrogatesAreKept) {
  const ConstantPtr text = read_marshal_object(Writer().type('u').i32(3).raw("\xed\xa0\x80").data(), k38);
  EXPECT_EQ(text->text, "\xed\xa0\x80");
  EXPECT_EQ(repr_constant(*text), "'\\ud800'");
}

TEST(MarshalStrings, InvalidUtf8IsAnError) {
  EXPECT_EQ(error_of(Writer().type('u').i32(2).raw("a\xff").data()),
            "bad marshal data: invalid UTF-8 in string at offset 6");
  EXPECT_NE(error_of(Writer().type('u').i32(2).raw("\xc0\x80").data()).find("invalid UTF-8"), std::string::npos);
  EXPECT_NE(error_of(Writer().type('u').i32(3).raw("\xe2\x82").data()).find("exceeds"), std::string::npos);
}

TEST(MarshalStrings, HugeSizesFailWithoutAllocating) {
  EXPECT_EQ(error_of(Writer().type('s').i32(INT32_MAX).raw("abc").data()),
            "bad marshal data: string size 2147483647 exceeds the 3 bytes left at offset 0");
  EXPECT_NE(error_of(Writer().type('u').i32(-1).data()).find("negative"), std::string::npos);
  EXPECT_NE(error_of(Writer().type('z').byte(200).raw("ab").data()).find("truncated data"), std::string::npos);
}

// ---- containers and references ------------------------------------------

TEST(MarshalContainers, Kinds) {
  EXPECT_EQ(repr_of(Writer().small_tuple(1).type('N').data()), "(None,)");
  EXPECT_EQ(repr_of(Writer().type('(').i32(0).data()), "()");
  EXPECT_EQ(repr_of(Writer().type('[').i32(2).type('T').type('F').data()), "[True, False]");
  EXPECT_EQ(repr_of(Writer().type('<').i32(0).data()), "set()");
  EXPECT_EQ(repr_of(Writer().type('>').i32(1).type('i').i32(3).data()), "frozenset({3})");
  EXPECT_EQ(repr_of(Writer().type('{').short_str("k").type('N').type('0').data()), "{'k': None}");
  // CPython stops at a NULL value too, dropping that key.
  EXPECT_EQ(repr_of(Writer().type('{').short_str("k").type('0').data()), "{}");
  EXPECT_EQ(repr_of(Writer().type(':').type('i').i32(1).type('N').type('i').i32(2).data()), "slice(1, None, 2)");
}

TEST(MarshalContainers, NullIsOnlyValidAsDictTerminator) {
  EXPECT_EQ(error_of("0"), "bad marshal data: NULL object where an object was expected at offset 0");
  EXPECT_NE(error_of(Writer().small_tuple(1).type('0').data()).find("NULL object where a tuple item"),
            std::string::npos);
  EXPECT_NE(error_of(Writer().type(':').type('0').data()).find("NULL"), std::string::npos);
}

TEST(MarshalContainers, HugeCountsFailWithoutAllocating) {
  EXPECT_NE(error_of(Writer().type('(').i32(INT32_MAX).data()).find("tuple size 2147483647 exceeds"),
            std::string::npos);
  EXPECT_NE(error_of(Writer().type('[').i32(-1).data()).find("negative"), std::string::npos);
  EXPECT_NE(error_of(Writer().type('<').i32(1000).data()).find("exceeds"), std::string::npos);
}

TEST(MarshalReferences, FlaggedObjectsCanBeReferredTo) {
  const std::string data = Writer().small_tuple(2).short_str("a", true).type('r').i32(0).data();
  const ConstantPtr tuple = read_marshal_object(data, k38);
  EXPECT_EQ(repr_constant(*tuple), "('a', 'a')");
  EXPECT_EQ(tuple->items[0], tuple->items[1]);
}

TEST(MarshalReferences, SingletonsTakeNoSlot) {
  // A flag on None is ignored (CPython never writes one and ignores it), so
  // the first slot belongs to 'a'.
  const std::string data = Writer().small_tuple(3).type('N', true).short_str("a", true).type('r').i32(0).data();
  EXPECT_EQ(repr_of(data), "(None, 'a', 'a')");
}

TEST(MarshalReferences, ContainersReserveTheirSlotFirst) {
  // The tuple takes slot 0 before its children, so 'b' is slot 1.
  const std::string data = Writer().small_tuple(2, true).short_str("b", true).type('r').i32(1).data();
  EXPECT_EQ(repr_of(data), "('b', 'b')");
  const std::string nested =
      Writer().small_tuple(2).type('[', true).i32(1).short_str("c", true).type('r').i32(0).data();
  EXPECT_EQ(repr_of(nested), "(['c'], ['c'])");
}

TEST(MarshalReferences, BadReferences) {
  EXPECT_EQ(error_of(Writer().type('r').i32(0).data()),
            "bad marshal data: reference to object 0 but only 0 objects are referable at offset 0");
  EXPECT_NE(
      error_of(Writer().small_tuple(2).short_str("a", true).type('r').i32(-1).data()).find("reference to object -1"),
      std::string::npos);
  // A list that contains itself: legal for CPython, but not representable as
  // an immutable constant tree.
  EXPECT_EQ(error_of(Writer().type('[', true).i32(1).type('r').i32(0).data()),
            "bad marshal data: reference to object 0 while it is still being read at offset 5");
}

TEST(MarshalNesting, DepthIsLimitedLikeCPython) {
  auto nested = [](int levels) {
    Writer writer;
    for (int i = 0; i < levels; ++i) writer.small_tuple(1);
    return writer.type('N').data();
  };
  EXPECT_NO_THROW(read_marshal_object(nested(1999), k38));
  EXPECT_NE(error_of(nested(2000)).find("nested more than 2000 levels"), std::string::npos);
  // A bomb: a million levels would overflow the stack of a naive reader.
  EXPECT_NE(error_of(nested(1000000)).find("nested more than 2000 levels"), std::string::npos);
}

TEST(MarshalNesting, ExponentialReferenceBombIsRefused) {
  // Item k is a tuple holding item k-1 twice: 40 items, 2**40 leaves.
  Writer writer;
  writer.small_tuple(40).short_str("a", true);
  for (int k = 1; k < 40; ++k) writer.small_tuple(2, true).type('r').i32(k - 1).type('r').i32(k - 1);
  EXPECT_NE(error_of(writer.data()).find("references expand to more than 16777216 objects"), std::string::npos);
}

TEST(MarshalNesting, NestedContainersCannotEachReserveTheRemainingBytes) {
  // Each level claims ~all the bytes left; allocating on that word would
  // need gigabytes before the data runs out.
  // The filler is an unknown type code, so the innermost list fails at once.
  Writer writer;
  for (int level = 0; level < 1999; ++level) writer.type('[').i32(10000000 - 5 * level);
  writer.raw(std::string(10000000, '?'));
  EXPECT_NE(error_of(writer.data()).find("unknown type code '?'"), std::string::npos);
}

TEST(MarshalErrors, UnknownTypeCodes) {
  EXPECT_EQ(error_of("?"), "bad marshal data: unknown type code '?' (0x3f) at offset 0");
  EXPECT_EQ(error_of(Writer().small_tuple(1).byte(0x81).data()),
            "bad marshal data: unknown type code 0x81 at offset 2");
  EXPECT_NE(error_of("").find("truncated data: type code at offset 0"), std::string::npos);
}

TEST(MarshalErrors, TrailingDataIsIgnored) {
  EXPECT_EQ(repr_of("Ngarbage"), "None");
}

// ---- code objects ----------------------------------------------------------

// A 3.11+ code object `def f(a): return a` with the given field overrides.
struct CodeParts {
  int argcount = 1;
  std::string names_tuple = Writer().str_tuple({"len"}).data();
  std::string consts = Writer().small_tuple(1).type('N').data();
  std::string localsplus_names = Writer().str_tuple({"a", "cell"}).data();
  std::string localsplus_kinds = Writer().bytes("\x20\x40").data();
  std::string qualname = Writer().short_str("outer.<locals>.f").data();
};

std::string code_3_11(const CodeParts& parts) {
  Writer writer;
  writer.type('c').i32(parts.argcount).i32(0).i32(0).i32(2).i32(3);
  writer.bytes(std::string("\x97\x00\x7c\x00\x53\x00", 6));
  writer.raw(parts.consts).raw(parts.names_tuple).raw(parts.localsplus_names).raw(parts.localsplus_kinds);
  writer.short_str("f.py").short_str("f").raw(parts.qualname).i32(7).bytes(std::string("\x80\x00", 2)).bytes("");
  return writer.data();
}

TEST(MarshalCode, Layout311) {
  const CodePtr code = read_marshal_code(code_3_11({}), k311);
  EXPECT_EQ(code->version, k311);
  EXPECT_EQ(code->argcount, 1);
  EXPECT_EQ(code->stacksize, 2);
  EXPECT_EQ(code->flags, 3u);
  EXPECT_EQ(code->qualname, "outer.<locals>.f");
  EXPECT_FALSE(code->qualname_is_synthesised);
  EXPECT_EQ(code->firstlineno, 7);
  EXPECT_EQ(code->varnames, (std::vector<std::string>{"a"}));
  EXPECT_EQ(code->cellvars, (std::vector<std::string>{"cell"}));
  EXPECT_EQ(code->nlocals, 1);
  EXPECT_EQ(code->names, (std::vector<std::string>{"len"}));
  EXPECT_EQ(code->linetable, std::string("\x80\x00", 2));
  EXPECT_EQ(repr_constant(*read_marshal_object(code_3_11({}), k311)), "<code object f at 0x0, file \"f.py\", line 7>");
}

TEST(MarshalCode, Layout38) {
  Writer writer;
  writer.type('c', true).i32(1).i32(0).i32(0).i32(1).i32(2).i32(0x43);
  writer.bytes(std::string("|\x00S\x00", 4))
      .small_tuple(1)
      .type('N')
      .str_tuple({})
      .str_tuple({"a"})
      .str_tuple({"x"})
      .str_tuple({});
  writer.short_str("f.py", true).short_str("g").i32(3).bytes("\x02\x01");
  const CodePtr code = read_marshal_code(writer.data(), k38);
  EXPECT_EQ(code->nlocals, 1);
  EXPECT_EQ(code->qualname, "g");
  EXPECT_TRUE(code->qualname_is_synthesised);
  EXPECT_EQ(code->freevars, (std::vector<std::string>{"x"}));
  EXPECT_EQ(code->localsplus_names, (std::vector<std::string>{"a", "x"}));
  EXPECT_EQ(code->linetable, "\x02\x01");
  EXPECT_TRUE(code->exceptiontable.empty());
}

TEST(MarshalCode, FieldTypesAreChecked) {
  CodeParts names_with_int;
  names_with_int.names_tuple = Writer().small_tuple(1).type('i').i32(1).data();
  EXPECT_NE(error_of(code_3_11(names_with_int), k311).find("co_names holds a int, expected only str"),
            std::string::npos);
  CodeParts consts_as_list;
  consts_as_list.consts = Writer().type('[').i32(0).data();
  EXPECT_NE(error_of(code_3_11(consts_as_list), k311).find("co_consts is a list, expected tuple"), std::string::npos);
  CodeParts qualname_as_bytes;
  qualname_as_bytes.qualname = Writer().bytes("f").data();
  EXPECT_NE(error_of(code_3_11(qualname_as_bytes), k311).find("co_qualname is a bytes, expected str"),
            std::string::npos);
  CodeParts kinds_too_short;
  kinds_too_short.localsplus_kinds = Writer().bytes("\x20").data();
  EXPECT_NE(error_of(code_3_11(kinds_too_short), k311).find("2 localsplus names but 1 kinds"), std::string::npos);
  CodeParts too_many_args;
  too_many_args.argcount = 2;
  EXPECT_NE(error_of(code_3_11(too_many_args), k311).find("2 arguments but only 1 local variable names"),
            std::string::npos);
  CodeParts negative_args;
  negative_args.argcount = -1;
  EXPECT_NE(error_of(code_3_11(negative_args), k311).find("co_argcount is negative"), std::string::npos);
}

TEST(MarshalCode, DeeplyNestedCodeObjectsFailCleanly) {
  // Code objects take the longest path through the reader per level; the
  // depth limit must stop them before the native stack runs out.
  const std::string leaf = code_3_11({});
  const std::size_t consts_at = leaf.find(CodeParts{}.consts);
  ASSERT_NE(consts_at, std::string::npos);
  const std::string head = leaf.substr(0, consts_at);
  const std::string tail = leaf.substr(consts_at + CodeParts{}.consts.size());
  std::string data;
  const int levels = 5000;
  for (int i = 0; i < levels; ++i) data += head + Writer().small_tuple(1).data();
  data += "N";
  for (int i = 0; i < levels; ++i) data += tail;
  EXPECT_NE(error_of(data, k311).find("nested more than 2000 levels"), std::string::npos);
}

TEST(MarshalCode, PayloadMustBeCode) {
  EXPECT_THROW(read_marshal_code("N", k38), Error);
  EXPECT_NE(error_of(code_3_11({}), PythonVersion{3, 7}).find("cannot read a code object of Python 3.7"),
            std::string::npos);
}

TEST(MarshalCode, EveryTruncationThrows) {
  const std::string data = code_3_11({});
  for (std::size_t length = 0; length < data.size(); ++length) {
    EXPECT_THROW(read_marshal_code(std::string_view(data).substr(0, length), k311), Error) << length;
  }
}

}  // namespace
}  // namespace depyf
