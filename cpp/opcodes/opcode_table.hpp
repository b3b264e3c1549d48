// Per-version opcode metadata. The data lives in generated/opcodes_3_X.cpp,
// written by tools/gen_opcode_tables.py running under each interpreter; this
// header is the hand-written shape of that data plus the few rules (jump
// targets) that dis.py itself encodes in code rather than in tables.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "code/python_version.hpp"

namespace depyf {

enum class JumpKind : std::uint8_t {
  None,
  Relative,          // forward relative to the next instruction (after caches, 3.12+)
  RelativeBackward,  // 3.11+ JUMP_BACKWARD and friends
  Absolute,          // <= 3.10 hasjabs
};

enum class ArgKind : std::uint8_t {
  None,     // takes no argument
  Const,    // hasconst
  Name,     // hasname
  Local,    // haslocal
  Free,     // hasfree (cell/free slot)
  Compare,  // hascompare
  Jump,     // hasjrel / hasjabs
  Other,    // takes an argument with no table of its own (counts, flags, operators)
};

// How many argument samples the stack-effect table keeps per opcode: effects
// for args 0..kStackEffectSamples-1, which is enough to read every
// arg-dependent formula CPython uses (linear counts and low flag bits).
inline constexpr int kStackEffectSamples = 8;
inline constexpr std::int8_t kNoStackEffect = -128;  // dis.stack_effect refused

struct OpcodeInfo {
  const char* name = nullptr;  // nullptr: not an opcode of this version
  bool has_arg = false;        // dis reports an arg (>= HAVE_ARGUMENT / in hasarg)
  JumpKind jump = JumpKind::None;
  ArgKind arg_kind = ArgKind::None;
  std::uint8_t cache_entries = 0;  // inline CACHE code units after the instruction
  std::uint8_t deopt = 0;          // base opcode of a specialised one, else itself
  // stack_effect[jump][arg], jump = 0 (fall through) or 1 (branch taken).
  std::array<std::array<std::int8_t, kStackEffectSamples>, 2> stack_effect{};
};

struct OpcodeTable {
  PythonVersion version;
  int extended_arg = -1;
  int cache_opcode = -1;  // CACHE, -1 before 3.11
  int jump_unit = 2;      // bytes per unit of a jump argument: 1 for 3.8/3.9, 2 after
  std::array<OpcodeInfo, 256> ops{};
  std::array<const char*, 16> compare_ops{};  // cmp_op, nullptr-terminated
  std::array<const char*, 32> binary_ops{};   // 3.11+ BINARY_OP argreprs (_nb_ops), nullptr-terminated
  std::array<const char*, 16> intrinsic1{};   // 3.12+ CALL_INTRINSIC_1 names
  std::array<const char*, 8> intrinsic2{};    // 3.12+ CALL_INTRINSIC_2 names
  std::array<const char*, 16> common_constants{};  // 3.14+ LOAD_COMMON_CONSTANT argreprs
  std::array<const char*, 8> special_methods{};    // 3.14+ LOAD_SPECIAL argreprs
  std::array<const char*, 8> function_flags{};     // MAKE_FUNCTION / SET_FUNCTION_ATTRIBUTE flag names, by bit

  const OpcodeInfo& info(int opcode) const { return ops[static_cast<std::uint8_t>(opcode)]; }
  // Opcode number by name, or -1 if this version has no such opcode.
  int opcode(std::string_view name) const;
  // Target offset in bytes of a jump at `offset`, as dis computes it; nullopt
  // for non-jumps.
  std::optional<int> jump_target(int opcode, int arg, int offset) const;
};

// The table for a version; throws depyf::Error for unsupported versions.
const OpcodeTable& opcode_table(PythonVersion version);

}  // namespace depyf
