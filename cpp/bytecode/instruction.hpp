// Decoded instructions, exception-table entries and line starts: exactly
// what dis.get_instructions, dis._parse_exception_table and
// dis.findlinestarts report for the version the code object came from.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "code/code_object.hpp"
#include "opcodes/opcode_table.hpp"

namespace depyf {

struct Instruction {
  int offset = 0;          // byte offset of this code unit (EXTENDED_ARG units are their own instructions)
  int opcode = 0;          // as stored (may be a specialised opcode in live 3.11+ code)
  int base_opcode = 0;     // deoptimised opcode
  std::optional<int> arg;  // nullopt when dis reports arg=None
  // Inline CACHE units that follow (hidden from the listing). Clipped to the
  // units actually present, so offset + 2 + 2 * cache_entries <= code size.
  int cache_entries = 0;
  std::optional<int> jump_target;      // byte offset, for jumps (nullopt also for absurd args)
  const OpcodeTable* table = nullptr;  // set by the decoder

  // The stored opcode's name, as dis.Instruction.opname reports it.
  const char* opname() const;
  // The deoptimised opcode's name (what the arg and caches are read by).
  const char* base_opname() const;
};

struct ExceptionTableEntry {
  int start = 0;  // byte offsets, end exclusive, as dis reports them
  int end = 0;
  int target = 0;
  int depth = 0;
  bool lasti = false;
};

// One co_lines() range: [start, end) bytes -> line (nullopt: no line).
struct LineRange {
  int start = 0;
  int end = 0;
  std::optional<int> line;
};

// All throw depyf::Error on malformed input (odd-length code, a table that
// runs past its end, an opcode the version does not define, an argument too
// large for an int). Where CPython itself silently tolerates a malformed
// table (dis stops at a truncated exception-table entry) we report an error
// instead; for every well-formed input the results equal dis exactly.
//
// line_ranges: co_lines() for 3.10+ (3.11 reports one range per location
// entry, 3.12+ merge neighbours with the same line). 3.8/3.9 have no
// co_lines(); there the ranges are derived from the lnotab line starts
// (each start runs to the next one or to the end of the code).
std::vector<Instruction> decode_instructions(const CodeObject& code);
std::vector<ExceptionTableEntry> parse_exception_table(const CodeObject& code);
std::vector<LineRange> line_ranges(const CodeObject& code);                           // co_lines()
std::vector<std::pair<int, std::optional<int>>> line_starts(const CodeObject& code);  // dis.findlinestarts

}  // namespace depyf
