// decode_instructions: dis._unpack_opargs of each version, plus the jump
// target dis computes as argval for jumps.
#include <climits>
#include <cstdint>
#include <string>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"

namespace depyf {

namespace {

// Offsets are ints everywhere (as in CPython); refuse code that could not
// be addressed with them rather than overflow later.
constexpr std::size_t kMaxCodeBytes = std::size_t{1} << 30;

// Jump arguments beyond this cannot come from a compiler; computing their
// target could overflow an int, so such jumps get no target.
constexpr std::int64_t kMaxJumpArg = std::int64_t{1} << 28;

constexpr std::int64_t kIntOverflow = std::int64_t{1} << 31;  // dis._INT_OVERFLOW

std::string hex_byte(int value) {
  static const char digits[] = "0123456789abcdef";
  return std::string("0x") + digits[(value >> 4) & 15] + digits[value & 15];
}

}  // namespace

std::vector<Instruction> decode_instructions(const CodeObject& code) {
  const OpcodeTable& table = opcode_table(code.version);
  const std::string& bytes = code.code;
  if (bytes.size() % 2 != 0) {
    throw Error("code of " + code.name + " has odd length " + std::to_string(bytes.size()));
  }
  if (bytes.size() > kMaxCodeBytes) throw Error("code of " + code.name + " is too long");

  // 3.8/3.9 keep a pending EXTENDED_ARG value across an argument-less
  // opcode; 3.10+ drop it. 3.11+ store the oparg as a C int and wrap it to
  // a negative number once (and only once) it passes INT_MAX, as dis does.
  const bool reset_after_no_arg = code.version.minor >= 10;
  const bool wraps_to_signed = code.version.minor >= 11;

  std::vector<Instruction> result;
  result.reserve(bytes.size() / 2);
  // |extended| stays below 2**40: it is at most 256 times an arg that passed
  // the int range check below, so the int64 arithmetic never overflows.
  std::int64_t extended = 0;
  int caches_to_skip = 0;
  for (std::size_t i = 0; i < bytes.size(); i += 2) {
    if (caches_to_skip > 0) {
      --caches_to_skip;
      continue;
    }
    const int opcode = static_cast<std::uint8_t>(bytes[i]);
    const OpcodeInfo& stored = table.info(opcode);
    if (stored.name == nullptr) {
      throw Error("unknown opcode " + std::to_string(opcode) + " (" + hex_byte(opcode) + ") at offset " +
                  std::to_string(i) + " in " + code.name + " for Python " + code.version.to_string());
    }
    const int base_opcode = stored.deopt;
    const OpcodeInfo& base = table.info(base_opcode);

    Instruction ins;
    ins.offset = static_cast<int>(i);
    ins.opcode = opcode;
    ins.base_opcode = base_opcode;
    ins.table = &table;

    if (base.has_arg) {
      // Python's | on a negative int is two's complement, as is int64's.
      const std::int64_t arg = static_cast<std::int64_t>(static_cast<std::uint8_t>(bytes[i + 1])) | extended;
      if (arg > INT_MAX || arg < INT_MIN) {
        throw Error("argument of " + std::string(stored.name) + " at offset " + std::to_string(i) + " in " + code.name +
                    " does not fit in an int (too many EXTENDED_ARG prefixes)");
      }
      ins.arg = static_cast<int>(arg);
      extended = base_opcode == table.extended_arg ? arg * 256 : 0;
      if (wraps_to_signed && extended >= kIntOverflow) extended -= 2 * kIntOverflow;
      if (arg >= -kMaxJumpArg && arg <= kMaxJumpArg) {
        ins.jump_target = table.jump_target(opcode, *ins.arg, ins.offset);
      }
    } else if (reset_after_no_arg) {
      extended = 0;
    }

    const std::size_t units_left = (bytes.size() - i) / 2 - 1;
    const std::size_t caches = base.cache_entries;
    ins.cache_entries = static_cast<int>(caches < units_left ? caches : units_left);
    caches_to_skip = base.cache_entries;
    result.push_back(ins);
  }
  return result;
}

}  // namespace depyf
