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
  int offset = 0;       // byte offset of this code unit (EXTENDED_ARG units are their own instructions)
  int opcode = 0;       // as stored (may be a specialised opcode in live 3.11+ code)
  int base_opcode = 0;  // deoptimised opcode
  std::optional<int> arg;  // nullopt when dis reports arg=None
  int cache_entries = 0;   // inline CACHE units that follow (hidden from the listing)
  std::optional<int> jump_target;  // byte offset, for jumps
  const char* opname() const;      // set by the decoder from the table
  const OpcodeTable* table = nullptr;
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

// All throw depyf::Error on malformed input (truncated code, a table that
// runs past its end, an opcode the version does not define).
std::vector<Instruction> decode_instructions(const CodeObject& code);
std::vector<ExceptionTableEntry> parse_exception_table(const CodeObject& code);
std::vector<LineRange> line_ranges(const CodeObject& code);  // co_lines()
std::vector<std::pair<int, std::optional<int>>> line_starts(const CodeObject& code);  // dis.findlinestarts

}  // namespace depyf
