// decode_instructions against dis.get_instructions / dis._unpack_opargs of
// every reference interpreter (tests/data/decoder/), plus hand-made edge
// cases and corrupted inputs.
#include <gtest/gtest.h>

#include <climits>
#include <random>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"
#include "decoder_vectors.hpp"

namespace depyf {
namespace {

using testing::decoder_vectors;
using testing::VectorCode;

CodeObject make_code(int minor, std::initializer_list<int> bytes) {
  CodeObject code;
  code.version = PythonVersion{3, minor};
  code.name = "test";
  for (int b : bytes) code.code.push_back(static_cast<char>(b));
  return code;
}

int op(int minor, const char* name) {
  const int value = opcode_table(PythonVersion{3, minor}).opcode(name);
  EXPECT_GE(value, 0) << name;
  return value;
}

bool fits_int(const std::optional<std::int64_t>& arg) {
  return !arg || (*arg >= INT_MIN && *arg <= INT_MAX);
}

class DecoderVectors : public ::testing::TestWithParam<int> {};

void expect_same(const std::vector<Instruction>& actual, const std::vector<testing::ExpectedInstruction>& expected,
                 std::size_t count, bool check_targets) {
  ASSERT_EQ(actual.size(), count);
  for (std::size_t i = 0; i < count; ++i) {
    SCOPED_TRACE("instruction at " + std::to_string(expected[i].offset));
    EXPECT_EQ(actual[i].offset, expected[i].offset);
    EXPECT_STREQ(actual[i].opname(), expected[i].opname.c_str());
    EXPECT_EQ(actual[i].arg.has_value(), expected[i].arg.has_value());
    if (actual[i].arg && expected[i].arg) EXPECT_EQ(*actual[i].arg, *expected[i].arg);
    if (check_targets) EXPECT_EQ(actual[i].jump_target, expected[i].target);
  }
}

TEST_P(DecoderVectors, MatchesDis) {
  const auto& file = decoder_vectors(GetParam());
  ASSERT_FALSE(file.codes.empty());
  std::size_t compared = 0;
  int refused = 0;
  for (const VectorCode& entry : file.codes) {
    SCOPED_TRACE("code id " + std::to_string(entry.id) + " " + entry.code->name);
    std::size_t usable = 0;
    while (usable < entry.instructions.size() && fits_int(entry.instructions[usable].arg)) ++usable;
    if (usable == entry.instructions.size()) {
      expect_same(decode_instructions(*entry.code), entry.instructions, usable, !entry.synthetic);
      compared += usable;
      continue;
    }
    // dis reports an arg beyond the C int range (random EXTENDED_ARG chains
    // only): we refuse the code rather than truncate the arg, and agree
    // with dis on everything before that instruction.
    EXPECT_THROW(decode_instructions(*entry.code), Error);
    ++refused;
    CodeObject prefix = *entry.code;
    prefix.code.resize(static_cast<std::size_t>(entry.instructions[usable].offset));
    expect_same(decode_instructions(prefix), entry.instructions, usable, !entry.synthetic);
    compared += usable;
  }
  EXPECT_GT(compared, 1000u);
  EXPECT_LT(refused, 60);
}

// The corpus must really exercise what it is meant to: EXTENDED_ARG jumps
// and constants, and (3.11+) instructions with inline caches.
TEST_P(DecoderVectors, CorpusCoversExtendedArgs) {
  const auto& file = decoder_vectors(GetParam());
  int extended_jumps = 0;
  int extended_consts = 0;
  for (const VectorCode& entry : file.codes) {
    if (entry.synthetic) continue;
    const auto instructions = decode_instructions(*entry.code);
    for (std::size_t i = 1; i < instructions.size(); ++i) {
      if (std::string(instructions[i - 1].opname()) != "EXTENDED_ARG") continue;
      if (instructions[i].jump_target) ++extended_jumps;
      if (std::string(instructions[i].opname()) == "LOAD_CONST") ++extended_consts;
    }
  }
  EXPECT_GT(extended_jumps, 0);
  EXPECT_GT(extended_consts, 0);
}

// Random truncations and bit flips: an Error or a well-formed result,
// never a crash (the sanitizer build checks the "never UB" half).
TEST_P(DecoderVectors, CorruptCodeNeverCrashes) {
  const auto& file = decoder_vectors(GetParam());
  std::mt19937 rng(1234 + GetParam());
  int errors = 0;
  int decoded = 0;
  for (const VectorCode& entry : file.codes) {
    for (int round = 0; round < 8; ++round) {
      CodeObject code = *entry.code;
      if (code.code.empty()) continue;
      if (round % 2 == 0) {
        code.code.resize(rng() % code.code.size());
      } else {
        for (int flips = 0; flips < 4; ++flips)
          code.code[rng() % code.code.size()] ^= static_cast<char>(1 << (rng() % 8));
      }
      try {
        const auto instructions = decode_instructions(code);
        int previous = -2;
        for (const Instruction& ins : instructions) {
          ASSERT_GT(ins.offset, previous);
          ASSERT_EQ(ins.offset % 2, 0);
          ASSERT_LE(static_cast<std::size_t>(ins.offset + 2 + 2 * ins.cache_entries), code.code.size());
          ASSERT_NE(ins.opname(), nullptr);
          previous = ins.offset;
        }
        ++decoded;
      } catch (const Error&) {
        ++errors;
      }
    }
  }
  EXPECT_GT(decoded, 0);
  EXPECT_GT(errors, 0);
}

INSTANTIATE_TEST_SUITE_P(AllVersions, DecoderVectors, ::testing::ValuesIn(testing::kVectorMinors),
                         [](const auto& info) { return "Py3_" + std::to_string(info.param); });

TEST(Decoder, OddLengthIsAnError) {
  EXPECT_THROW(decode_instructions(make_code(12, {op(12, "NOP"), 0, op(12, "NOP")})), Error);
}

TEST(Decoder, UnknownOpcodeIsAnError) {
  // 3.12 has no opcode 255 in co_code (only the interpreter's internal ones).
  const auto& table = opcode_table(PythonVersion{3, 12});
  int unknown = -1;
  for (int i = 0; i < 256; ++i) {
    if (table.info(i).name == nullptr) unknown = i;
  }
  ASSERT_GE(unknown, 0);
  try {
    decode_instructions(make_code(12, {op(12, "NOP"), 0, unknown, 0}));
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("unknown opcode"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("offset 2"), std::string::npos);
  }
}

TEST(Decoder, EmptyCodeHasNoInstructions) {
  EXPECT_TRUE(decode_instructions(make_code(13, {})).empty());
}

TEST(Decoder, ExtendedArgSurvivesNoArgOpcodeIn38And39) {
  for (int minor : {8, 9}) {
    const auto code = make_code(minor, {op(minor, "EXTENDED_ARG"), 1, op(minor, "NOP"), 0, op(minor, "LOAD_CONST"), 2});
    const auto ins = decode_instructions(code);
    ASSERT_EQ(ins.size(), 3u);
    EXPECT_EQ(ins[0].arg, 1);
    EXPECT_FALSE(ins[1].arg.has_value());
    EXPECT_EQ(ins[2].arg, 258) << "3." << minor << " keeps the prefix across NOP";
  }
}

TEST(Decoder, ExtendedArgIsDroppedByNoArgOpcodeFrom310) {
  for (int minor : {10, 11, 12, 13, 14, 15}) {
    const auto code = make_code(minor, {op(minor, "EXTENDED_ARG"), 1, op(minor, "NOP"), 0, op(minor, "LOAD_CONST"), 2});
    const auto ins = decode_instructions(code);
    ASSERT_EQ(ins.size(), 3u);
    EXPECT_EQ(ins[2].arg, 2) << "3." << minor;
  }
}

TEST(Decoder, ExtendedArgWrapsToNegativeFrom311) {
  // 0xFF 0xFF 0xFF then 0x01: 0xFFFFFF00 passes INT_MAX and wraps.
  const int ext = op(11, "EXTENDED_ARG");
  const auto ins = decode_instructions(make_code(11, {ext, 255, ext, 255, ext, 255, op(11, "BUILD_TUPLE"), 1}));
  ASSERT_EQ(ins.size(), 4u);
  EXPECT_EQ(ins[2].arg, 0xFFFFFF);
  EXPECT_EQ(ins[3].arg, -255);  // 1 | -256
  // 3.10 does not wrap: dis reports 0xFFFFFF01, which no int holds.
  const int ext10 = op(10, "EXTENDED_ARG");
  EXPECT_THROW(decode_instructions(make_code(10, {ext10, 255, ext10, 255, ext10, 255, op(10, "BUILD_TUPLE"), 1})),
               Error);
  EXPECT_EQ(decode_instructions(make_code(10, {ext10, 255, ext10, 255, op(10, "BUILD_TUPLE"), 1}))[2].arg, 0xFFFF01);
}

TEST(Decoder, ArgumentBeyondIntIsAnError) {
  const int ext = op(10, "EXTENDED_ARG");
  EXPECT_THROW(decode_instructions(make_code(10, {ext, 255, ext, 255, ext, 255, ext, 255, op(10, "BUILD_TUPLE"), 1})),
               Error);
}

TEST(Decoder, InlineCachesAreSkippedAndClippedAtTheEnd) {
  const int load_global = op(12, "LOAD_GLOBAL");
  const int caches = opcode_table(PythonVersion{3, 12}).info(load_global).cache_entries;
  ASSERT_GT(caches, 0);
  std::string bytes;
  bytes += static_cast<char>(load_global);
  bytes += static_cast<char>(3);
  bytes += std::string(2 * caches, '\0');
  bytes += static_cast<char>(op(12, "RETURN_VALUE"));
  bytes += '\0';
  CodeObject code = make_code(12, {});
  code.code = bytes;
  auto ins = decode_instructions(code);
  ASSERT_EQ(ins.size(), 2u);
  EXPECT_EQ(ins[0].cache_entries, caches);
  EXPECT_EQ(ins[1].offset, 2 + 2 * caches);
  // Cut inside the caches: dis simply stops; the count is clipped.
  code.code = bytes.substr(0, 4);
  ins = decode_instructions(code);
  ASSERT_EQ(ins.size(), 1u);
  EXPECT_EQ(ins[0].cache_entries, 1);
}

TEST(Decoder, JumpTargetsPerVersion) {
  // 3.8/3.9 count jumps in bytes, 3.10+ in code units; 3.12+ jumps skip
  // their own caches; 3.11+ backward jumps subtract.
  EXPECT_EQ(decode_instructions(make_code(8, {op(8, "JUMP_FORWARD"), 4}))[0].jump_target, 6);
  EXPECT_EQ(decode_instructions(make_code(8, {op(8, "JUMP_ABSOLUTE"), 4}))[0].jump_target, 4);
  EXPECT_EQ(decode_instructions(make_code(10, {op(10, "JUMP_FORWARD"), 4}))[0].jump_target, 10);
  EXPECT_EQ(decode_instructions(make_code(10, {op(10, "JUMP_ABSOLUTE"), 4}))[0].jump_target, 8);
  EXPECT_EQ(decode_instructions(make_code(11, {op(11, "NOP"), 0, op(11, "JUMP_BACKWARD"), 1}))[1].jump_target, 2);
  const auto for_iter = decode_instructions(make_code(12, {op(12, "FOR_ITER"), 3, 0, 0}));
  EXPECT_EQ(for_iter[0].jump_target, 2 + 2 + 6);
  EXPECT_FALSE(decode_instructions(make_code(12, {op(12, "LOAD_CONST"), 3}))[0].jump_target.has_value());
}

TEST(Decoder, OpnameIsTheStoredOpcodes) {
  const auto ins = decode_instructions(make_code(13, {op(13, "RESUME"), 0}));
  EXPECT_STREQ(ins[0].opname(), "RESUME");
  EXPECT_STREQ(ins[0].base_opname(), "RESUME");
  Instruction detached;
  EXPECT_STREQ(detached.opname(), "<no table>");
}

}  // namespace
}  // namespace depyf
