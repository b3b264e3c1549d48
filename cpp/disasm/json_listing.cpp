// json_listing: one JSON object per code object, depth first, with the
// fields tools/dis_reference.py writes from dis (see that file):
//   {"name","qualname","firstlineno","instructions":[{"offset","opname","arg"}],
//    "exception_table":[{"start","end","target","depth","lasti"}],
//    "line_starts":[[offset,line],...]}
#include <string>

#include "bytecode/instruction.hpp"
#include "bytecode/qualnames.hpp"
#include "code/error.hpp"
#include "disasm/listing.hpp"
#include "text/json_writer.hpp"

namespace depyf {

namespace {

void append_optional_int(std::string& out, const std::optional<int>& value) {
  out += value ? std::to_string(*value) : "null";
}

void append_record(const CodeObject& code, const std::string& qualname, std::string& out) {
  out += "{\"name\":";
  append_json_string(out, code.name);
  out += ",\"qualname\":";
  append_json_string(out, qualname);
  out += ",\"firstlineno\":" + std::to_string(code.firstlineno);

  out += ",\"instructions\":[";
  bool first = true;
  for (const Instruction& ins : decode_instructions(code)) {
    if (!first) out += ',';
    first = false;
    out += "{\"offset\":" + std::to_string(ins.offset) + ",\"opname\":";
    append_json_string(out, ins.opname());
    out += ",\"arg\":";
    append_optional_int(out, ins.arg);
    out += '}';
  }

  out += "],\"exception_table\":[";
  first = true;
  for (const ExceptionTableEntry& entry : parse_exception_table(code)) {
    if (!first) out += ',';
    first = false;
    out += "{\"start\":" + std::to_string(entry.start) + ",\"end\":" + std::to_string(entry.end) +
           ",\"target\":" + std::to_string(entry.target) + ",\"depth\":" + std::to_string(entry.depth) +
           ",\"lasti\":" + (entry.lasti ? "true" : "false") + "}";
  }

  out += "],\"line_starts\":[";
  first = true;
  for (const auto& [offset, line] : line_starts(code)) {
    if (!first) out += ',';
    first = false;
    out += '[' + std::to_string(offset) + ',';
    append_optional_int(out, line);
    out += ']';
  }
  out += "]}\n";
}

void append_recursive(const CodeObject& code, const std::string& qualname, std::string& out, int depth) {
  if (depth > 200) throw Error("code objects nested too deeply");
  append_record(code, qualname, out);
  if (code.nested_code().empty()) return;
  const std::vector<std::string> qualnames = qualnames_for_nested(code);
  for (std::size_t i = 0; i < code.consts.size(); ++i) {
    const ConstantPtr& constant = code.consts[i];
    if (!constant || constant->kind != Constant::Kind::Code || !constant->code) continue;
    append_recursive(*constant->code, qualnames[i], out, depth + 1);
  }
}

// The root has no parent to take a qualname from: <= 3.10 code read from
// marshal data gets co_name (as dis_reference.py does); a qualname a front
// end really knew (a live function's) is kept.
std::string root_qualname(const CodeObject& code) {
  if (code.version.minor >= 11) return code.qualname;
  if (!code.qualname_is_synthesised && !code.qualname.empty()) return code.qualname;
  return code.name;
}

}  // namespace

std::string json_listing(const CodeObject& code) {
  std::string out;
  append_recursive(code, root_qualname(code), out, 0);
  return out;
}

}  // namespace depyf
