// Reader for tests/data/decoder/vectors_3_X.txt, written by
// tools/make_decoder_vectors.py under each reference interpreter: code
// objects (raw fields) plus what that interpreter's dis said about them.
// Builds CodeObjects directly, so these tests need no marshal reader.
#pragma once

#include <climits>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bytecode/instruction.hpp"
#include "code/code_object.hpp"

namespace depyf::testing {

struct ExpectedInstruction {
  int offset = 0;
  std::string opname;
  std::optional<std::int64_t> arg;  // int64: dis may report args an int cannot hold
  std::optional<int> target;        // jumps of real (not synthetic) code only
};

struct VectorCode {
  int id = 0;
  int parent = -1;
  int const_index = -1;
  bool synthetic = false;
  std::shared_ptr<CodeObject> code;
  std::optional<std::string> qualname;  // expected; nullopt when unknown
  std::vector<ExpectedInstruction> instructions;
  std::vector<ExceptionTableEntry> exceptions;
  std::vector<LineRange> lines;  // co_lines(), 3.10+
  std::vector<std::pair<int, std::optional<int>>> starts;
  std::string dis_text;  // dis.disassemble output (real code only)
  bool has_dis = false;
};

struct VectorFile {
  PythonVersion version;
  std::vector<VectorCode> codes;  // depth first, as written
};

namespace detail {

inline std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> tokens;
  std::istringstream stream(line);
  std::string token;
  while (stream >> token) tokens.push_back(token);
  return tokens;
}

inline std::string unhex(const std::string& token) {
  if (token.empty() || token[0] != 'x' || token.size() % 2 != 1) throw std::runtime_error("bad hex token " + token);
  std::string out;
  for (std::size_t i = 1; i < token.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(token.substr(i, 2), nullptr, 16)));
  }
  return out;
}

inline std::optional<int> optional_int(const std::string& token) {
  if (token == "-") return std::nullopt;
  return std::stoi(token);
}

// <= 3.10 dis reports unbounded Python ints for long EXTENDED_ARG chains;
// anything past int64 is clamped (it is out of the C int range either way).
inline std::int64_t parse_arg(const std::string& token) {
  try {
    return std::stoll(token);
  } catch (const std::out_of_range&) {
    return token[0] == '-' ? INT64_MIN : INT64_MAX;
  }
}

inline std::vector<std::string> hex_list(const std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < tokens.size(); ++i) out.push_back(unhex(tokens[i]));
  return out;
}

// Constants refer to nested code by id; those are resolved once every
// record is read.
inline ConstantPtr make_constant(const std::string& token, int index,
                                 const std::map<int, std::shared_ptr<CodeObject>>& by_id) {
  if (token == "N") return Constant::make_none();
  if (token == "T") return Constant::make_bool(true);
  if (token == "F") return Constant::make_bool(false);
  if (token == "E") return Constant::make_ellipsis();
  const std::string payload = token.substr(2);
  switch (token[0]) {
    case 'I': return Constant::make_int(payload);
    case 'S': return Constant::make_str(unhex(payload));
    case 'C': return Constant::make_code(by_id.at(std::stoi(payload)));
    case 'O': return Constant::make_opaque(index, unhex(payload));
    default: throw std::runtime_error("bad constant token " + token);
  }
}

inline VectorFile parse(std::istream& in) {
  VectorFile file;
  std::map<int, std::vector<std::string>> const_tokens;
  std::map<int, std::shared_ptr<CodeObject>> by_id;
  std::string line;
  VectorCode* current = nullptr;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("dis|", 0) == 0) {
      if (current->has_dis) current->dis_text += '\n';
      current->dis_text += line.substr(4);
      current->has_dis = true;
      continue;
    }
    const std::vector<std::string> t = split(line);
    const std::string& key = t[0];
    if (key == "version") {
      file.version = PythonVersion{std::stoi(t[1]), std::stoi(t[2])};
    } else if (key == "code") {
      file.codes.emplace_back();
      current = &file.codes.back();
      current->id = std::stoi(t[1]);
      current->parent = std::stoi(t[2]);
      current->const_index = std::stoi(t[3]);
      current->synthetic = t[4] == "1";
      current->code = std::make_shared<CodeObject>();
      current->code->version = file.version;
      by_id[current->id] = current->code;
    } else if (key == "end") {
      current = nullptr;
    } else {
      CodeObject& code = *current->code;
      if (key == "name")
        code.name = t.size() > 1 ? unhex(t[1]) : "";
      else if (key == "qualname")
        current->qualname = t[1] == "?" ? std::nullopt : std::optional(unhex(t[1]));
      else if (key == "filename")
        code.filename = unhex(t[1]);
      else if (key == "firstlineno")
        code.firstlineno = std::stoi(t[1]);
      else if (key == "flags")
        code.flags = static_cast<std::uint32_t>(std::stoul(t[1]));
      else if (key == "co_code")
        code.code = unhex(t[1]);
      else if (key == "linetable")
        code.linetable = unhex(t[1]);
      else if (key == "exceptiontable")
        code.exceptiontable = unhex(t[1]);
      else if (key == "consts")
        const_tokens[current->id] = std::vector<std::string>(t.begin() + 1, t.end());
      else if (key == "names")
        code.names = hex_list(t);
      else if (key == "varnames")
        code.varnames = hex_list(t);
      else if (key == "cellvars")
        code.cellvars = hex_list(t);
      else if (key == "freevars")
        code.freevars = hex_list(t);
      else if (key == "localsplus") {
        for (std::size_t i = 1; i < t.size(); ++i) {
          const auto colon = t[i].find(':');
          code.localsplus_names.push_back(unhex(t[i].substr(0, colon)));
          code.localsplus_kinds.push_back(static_cast<std::uint8_t>(std::stoi(t[i].substr(colon + 1))));
        }
      } else if (key == "instr") {
        ExpectedInstruction ins;
        ins.offset = std::stoi(t[1]);
        ins.opname = t[2];
        if (t[3] != "-") ins.arg = parse_arg(t[3]);
        ins.target = optional_int(t[4]);
        current->instructions.push_back(ins);
      } else if (key == "exc") {
        current->exceptions.push_back(
            ExceptionTableEntry{std::stoi(t[1]), std::stoi(t[2]), std::stoi(t[3]), std::stoi(t[4]), t[5] == "1"});
      } else if (key == "lines") {
        current->lines.push_back(LineRange{std::stoi(t[1]), std::stoi(t[2]), optional_int(t[3])});
      } else if (key == "starts") {
        current->starts.emplace_back(std::stoi(t[1]), optional_int(t[2]));
      } else {
        throw std::runtime_error("unknown vector line: " + line);
      }
    }
  }
  for (VectorCode& entry : file.codes) {
    CodeObject& code = *entry.code;
    const auto& tokens = const_tokens[entry.id];
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      code.consts.push_back(make_constant(tokens[i], static_cast<int>(i), by_id));
    }
    code.complete_variable_views();
    if (code.version.minor <= 10) {
      code.qualname = code.name;
      code.qualname_is_synthesised = true;
    } else if (entry.qualname) {
      code.qualname = *entry.qualname;
    }
  }
  return file;
}

}  // namespace detail

// The vectors of Python 3.<minor>, read once per test binary.
inline const VectorFile& decoder_vectors(int minor) {
  static std::map<int, VectorFile> cache;
  auto found = cache.find(minor);
  if (found != cache.end()) return found->second;
  const std::string path =
      std::string(DEPYF_SOURCE_DIR) + "/tests/data/decoder/vectors_3_" + std::to_string(minor) + ".txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path + " (run tools/make_decoder_vectors.py)");
  return cache.emplace(minor, detail::parse(in)).first->second;
}

inline constexpr int kVectorMinors[] = {8, 9, 10, 11, 12, 13, 14, 15};

}  // namespace depyf::testing
