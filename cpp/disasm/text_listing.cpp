// text_listing: dis.dis in the layout of the code object's own version.
//   <= 3.12: line column, '>>' for jump targets, byte offsets, "to N";
//   3.13:    line column ("--" for no line), labels L1: ... instead of
//            offsets, "to L3", exception table in labels.
// Tables that cannot be read are reported in the listing rather than
// dropping the whole listing; undecodable code throws depyf::Error.
#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"
#include "disasm/arg_repr.hpp"
#include "disasm/listing.hpp"
#include "text/python_repr.hpp"

namespace depyf {

namespace {

using disasm::LabelMap;
using LineMap = std::map<int, std::optional<int>>;  // offset -> line (dict(findlinestarts))

constexpr std::size_t kOpnameWidth = 20;
constexpr std::size_t kOpargWidth = 5;

std::string rjust(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string ljust(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

void rstrip_append_line(std::string& out, std::string line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  out += line;
  out += '\n';
}

// What a listing needs besides the instructions; table errors become notes.
struct Tables {
  LineMap lines;
  std::vector<ExceptionTableEntry> exceptions;
  std::vector<std::string> notes;
};

Tables read_tables(const CodeObject& code) {
  Tables tables;
  try {
    for (const auto& [offset, line] : line_starts(code)) tables.lines[offset] = line;
  } catch (const Error& error) {
    tables.notes.push_back(std::string("line table unreadable: ") + error.what());
  }
  try {
    tables.exceptions = parse_exception_table(code);
  } catch (const Error& error) {
    tables.notes.push_back(std::string("exception table unreadable: ") + error.what());
  }
  return tables;
}

std::string number_field(int value, std::size_t width) {
  return rjust(std::to_string(value), width);
}

// ------------------------------------------------------------ <= 3.12

void listing_up_to_312(const CodeObject& code, const std::vector<Instruction>& instructions, const Tables& tables,
                       std::string& out) {
  std::size_t lineno_width = 0;
  if (!tables.lines.empty()) {
    int max_line = INT32_MIN;
    for (const auto& entry : tables.lines) max_line = std::max(max_line, entry.second.value_or(INT32_MIN));
    lineno_width = max_line >= 1000 ? std::to_string(max_line).size() : 3;
  }
  const int max_offset = static_cast<int>(code.code.size()) - 2;
  const std::size_t offset_width = max_offset >= 10000 ? std::to_string(max_offset).size() : 4;

  std::set<int> jump_targets;
  for (const Instruction& ins : instructions) {
    if (ins.jump_target) jump_targets.insert(*ins.jump_target);
  }
  for (const ExceptionTableEntry& entry : tables.exceptions) {
    if (entry.start < entry.end) jump_targets.insert(entry.target);
  }

  const LabelMap no_labels;
  for (const Instruction& ins : instructions) {
    const auto line = tables.lines.find(ins.offset);
    const bool starts_line = line != tables.lines.end() && line->second.has_value();
    if (lineno_width > 0 && starts_line && ins.offset > 0) out += '\n';
    std::string text;
    if (lineno_width > 0) {
      text += starts_line ? number_field(*line->second, lineno_width) : std::string(lineno_width, ' ');
      text += ' ';
    }
    text += "   ";
    text += jump_targets.count(ins.offset) ? " >>" : "   ";
    text += ' ' + rjust(std::to_string(ins.offset), offset_width);
    text += ' ' + ljust(ins.opname(), kOpnameWidth);
    if (ins.arg) {
      text += ' ' + rjust(std::to_string(*ins.arg), kOpargWidth);
      const std::string description = disasm::arg_repr(code, ins, no_labels);
      if (!description.empty()) text += " (" + description + ")";
    }
    rstrip_append_line(out, text);
  }
  if (!tables.exceptions.empty()) {
    out += "ExceptionTable:\n";
    for (const ExceptionTableEntry& entry : tables.exceptions) {
      out += "  " + std::to_string(entry.start) + " to " + std::to_string(entry.end - 2) + " -> " +
             std::to_string(entry.target) + " [" + std::to_string(entry.depth) + "]" + (entry.lasti ? " lasti" : "") +
             "\n";
    }
  }
}

// ---------------------------------------------------------------- 3.13

std::size_t lineno_width_313(const LineMap& lines) {
  // dis._get_lineno_width: filter(None, ...) drops None and also line 0.
  std::optional<int> max_line;
  bool has_none = false;
  for (const auto& entry : lines) {
    if (!entry.second) has_none = true;
    if (entry.second && *entry.second != 0) max_line = std::max(max_line.value_or(*entry.second), *entry.second);
  }
  if (!max_line || *max_line == -1) return 0;
  std::size_t width = std::max<std::size_t>(3, std::to_string(*max_line).size());
  if (width < 4 && has_none) width = 4;
  return width;
}

void listing_313(const CodeObject& code, const std::vector<Instruction>& instructions, const Tables& tables,
                 std::string& out) {
  std::set<int> label_offsets;
  for (const Instruction& ins : instructions) {
    if (ins.jump_target) label_offsets.insert(*ins.jump_target);
  }
  for (const ExceptionTableEntry& entry : tables.exceptions) {
    label_offsets.insert(entry.start);
    label_offsets.insert(entry.end);
    label_offsets.insert(entry.target);
  }
  LabelMap labels;
  for (const int offset : label_offsets) labels.emplace(offset, static_cast<int>(labels.size()) + 1);
  const std::size_t label_width = 4 + std::to_string(labels.size()).size();
  const std::size_t lineno_width = lineno_width_313(tables.lines);

  for (const Instruction& ins : instructions) {
    const auto line = tables.lines.find(ins.offset);
    const bool starts_line = line != tables.lines.end();
    if (lineno_width > 0 && starts_line && ins.offset > 0) out += '\n';
    std::string text;
    if (lineno_width > 0) {
      if (!starts_line) {
        text += std::string(lineno_width, ' ');
      } else {
        text += line->second ? number_field(*line->second, lineno_width) : rjust("  --", lineno_width);
      }
      text += ' ';
    }
    const auto label = labels.find(ins.offset);
    text += label != labels.end() ? rjust("L" + std::to_string(label->second) + ":", label_width)
                                  : std::string(label_width, ' ');
    text += "     ";  // the field separators around dis's empty "current instruction" column
    const std::string opname = ins.opname();
    text += ljust(opname, kOpnameWidth);
    if (ins.arg) {
      // Long opnames eat into the argument column, as in dis.
      const std::size_t excess = opname.size() > kOpnameWidth ? opname.size() - kOpnameWidth : 0;
      text += ' ' + rjust(std::to_string(*ins.arg), excess < kOpargWidth ? kOpargWidth - excess : 0);
      const std::string description = disasm::arg_repr(code, ins, labels);
      if (!description.empty()) text += " (" + description + ")";
    }
    rstrip_append_line(out, text);
  }
  if (!tables.exceptions.empty()) {
    out += "ExceptionTable:\n";
    for (const ExceptionTableEntry& entry : tables.exceptions) {
      out += "  L" + std::to_string(labels[entry.start]) + " to L" + std::to_string(labels[entry.end]) + " -> L" +
             std::to_string(labels[entry.target]) + " [" + std::to_string(entry.depth) + "]" +
             (entry.lasti ? " lasti" : "") + "\n";
    }
  }
}

void listing_recursive(const CodeObject& code, std::string& out, int depth) {
  // Nesting comes from the data; a cycle is impossible through shared_ptr
  // constants, but a hostile file can still nest very deep.
  if (depth > 200) throw Error("code objects nested too deeply");
  const std::vector<Instruction> instructions = decode_instructions(code);
  const Tables tables = read_tables(code);
  for (const std::string& note : tables.notes) out += "# " + note + "\n";
  if (code.version.minor >= 13) {
    listing_313(code, instructions, tables, out);
  } else {
    listing_up_to_312(code, instructions, tables, out);
  }
  for (const ConstantPtr& constant : code.consts) {
    if (!constant || constant->kind != Constant::Kind::Code || !constant->code) continue;
    out += "\nDisassembly of " + repr_constant(*constant, code.version) + ":\n";
    listing_recursive(*constant->code, out, depth + 1);
  }
}

}  // namespace

std::string text_listing(const CodeObject& code) {
  std::string out;
  listing_recursive(code, out, 0);
  return out;
}

}  // namespace depyf
