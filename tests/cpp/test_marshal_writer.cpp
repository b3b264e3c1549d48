// The marshal writer (used to keep the bytecode of functions that cannot be
// decompiled): what it writes reads back as the same code object, for every
// version's fixture .pyc; ints of every size survive; what marshal cannot
// hold is a clear error. That CPython itself loads the output is checked by
// tests/python/test_original_code_fallback.py under each interpreter.
#include <gtest/gtest.h>

#include <cmath>

#include "code/error.hpp"
#include "fixture_files.hpp"
#include "marshal/marshal_reader.hpp"
#include "marshal/marshal_writer.hpp"
#include "marshal/pyc_file.hpp"

namespace depyf {
namespace {

using testing::fixture_minors;
using testing::read_fixture;
using testing::version_dir;

void expect_same_code(const CodeObject& a, const CodeObject& b) {
  EXPECT_EQ(a.argcount, b.argcount);
  EXPECT_EQ(a.posonlyargcount, b.posonlyargcount);
  EXPECT_EQ(a.kwonlyargcount, b.kwonlyargcount);
  EXPECT_EQ(a.nlocals, b.nlocals);
  EXPECT_EQ(a.stacksize, b.stacksize);
  EXPECT_EQ(a.flags, b.flags);
  EXPECT_EQ(a.firstlineno, b.firstlineno);
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.names, b.names);
  EXPECT_EQ(a.localsplus_names, b.localsplus_names);
  EXPECT_EQ(a.localsplus_kinds, b.localsplus_kinds);
  EXPECT_EQ(a.varnames, b.varnames);
  EXPECT_EQ(a.cellvars, b.cellvars);
  EXPECT_EQ(a.freevars, b.freevars);
  EXPECT_EQ(a.filename, b.filename);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.qualname, b.qualname);
  EXPECT_EQ(a.linetable, b.linetable);
  EXPECT_EQ(a.exceptiontable, b.exceptiontable);
  ASSERT_EQ(a.consts.size(), b.consts.size());
  for (std::size_t i = 0; i < a.consts.size(); ++i) {
    EXPECT_EQ(a.consts[i]->kind, b.consts[i]->kind) << "constant " << i;
    if (a.consts[i]->kind == Constant::Kind::Code) expect_same_code(*a.consts[i]->code, *b.consts[i]->code);
  }
}

class MarshalWriterFixture : public ::testing::TestWithParam<int> {};

TEST_P(MarshalWriterFixture, WrittenCodeReadsBackTheSame) {
  const int minor = GetParam();
  const std::string pyc = read_fixture(version_dir(minor) + "consts.pyc");
  ASSERT_FALSE(pyc.empty()) << "missing fixture for 3." << minor;
  const CodePtr original = read_pyc(pyc).code;
  const std::string written = write_marshal_code(*original);
  const CodePtr again = read_marshal_code(written, original->version);
  expect_same_code(*original, *again);
  // Written from the re-read object, the bytes are the same: nothing drifts.
  EXPECT_EQ(write_marshal_code(*again), written);
}

INSTANTIATE_TEST_SUITE_P(AllVersions, MarshalWriterFixture, ::testing::ValuesIn(fixture_minors()),
                         [](const auto& info) { return "Py3_" + std::to_string(info.param); });

CodeObject code_with_constants(std::vector<ConstantPtr> consts) {
  CodeObject code;
  code.version = PythonVersion{3, 11};
  code.code = std::string("\x97\x00", 2);
  code.consts = std::move(consts);
  code.name = code.qualname = "f";
  code.filename = "f.py";
  return code;
}

TEST(MarshalWriter, IntsOfEverySizeReadBack) {
  const std::vector<std::string> values = {"0",
                                           "1",
                                           "-1",
                                           "2147483647",
                                           "-2147483648",
                                           "2147483648",
                                           "-2147483649",
                                           "32767",
                                           "32768",
                                           "1073741824",
                                           "-1073741824",
                                           "123456789012345678901234567890",
                                           "-99999999999999999999999999999999999999999999"};
  std::vector<ConstantPtr> consts;
  for (const auto& v : values) consts.push_back(Constant::make_int(v));
  const CodeObject code = code_with_constants(consts);
  const CodePtr back = read_marshal_code(write_marshal_code(code), code.version);
  ASSERT_EQ(back->consts.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(back->consts[i]->text, values[i]);
}

TEST(MarshalWriter, OtherConstantKindsReadBack) {
  const CodeObject code =
      code_with_constants({Constant::make_none(), Constant::make_ellipsis(), Constant::make_bool(true),
                           Constant::make_float(-0.0), Constant::make_complex(1.5, -2.0),
                           Constant::make_bytes(std::string("a\0b", 3)), Constant::make_str("é\xed\xa0\x80"),
                           Constant::make_sequence(Constant::Kind::FrozenSet, {Constant::make_int("1")}),
                           Constant::make_sequence(Constant::Kind::Tuple, {})});
  const CodePtr back = read_marshal_code(write_marshal_code(code), code.version);
  ASSERT_EQ(back->consts.size(), code.consts.size());
  for (std::size_t i = 0; i < code.consts.size(); ++i) {
    EXPECT_EQ(back->consts[i]->kind, code.consts[i]->kind) << i;
    EXPECT_EQ(back->consts[i]->text, code.consts[i]->text) << i;
    EXPECT_EQ(back->consts[i]->boolean, code.consts[i]->boolean) << i;
    EXPECT_EQ(back->consts[i]->items.size(), code.consts[i]->items.size()) << i;
  }
  EXPECT_TRUE(std::signbit(back->consts[3]->real));
  EXPECT_EQ(back->consts[4]->imag, -2.0);
}

TEST(MarshalWriter, ConstantsWithoutAMarshalFormAreAnError) {
  const CodeObject code = code_with_constants({Constant::make_opaque(0, "<object at 0x1>")});
  EXPECT_THROW(write_marshal_code(code), Error);
}

}  // namespace
}  // namespace depyf
