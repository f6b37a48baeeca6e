#!/usr/bin/env python3
"""Writes idl/webnn.idl from ../shared/spec: webnn.idl plus the quoted <script type="idl"> blocks of
index.bs that the extracted file omits (MLOpSupportLimits and the limit dictionaries it is built from)."""
import os, re, sys
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, '..', 'shared', 'spec')
bs = open(os.path.join(spec, 'index.bs')).read()
shared = open(os.path.join(spec, 'webnn.idl')).read()
blocks = re.findall(r'<script type="idl">\n(.*?)</script>', bs, re.S)
out = ["// WebNN IDL: ../shared/spec/webnn.idl (the spec's <script type=idl> blocks), followed by the",
       "// <script type=\"idl\"> blocks of index.bs that file omits (MLOpSupportLimits and its limit dictionaries).",
       "// GPUDevice is external (WebGPU). Regenerate with: python3 tools/extract-idl.py", ""]
out.append(shared.split('\n', 1)[1] if shared.startswith('//') else shared)
out.append("\n// ---- from index.bs <script type=\"idl\"> blocks ----\n")
out += [b.strip() + "\n" for b in blocks]
open(os.path.join(root, 'idl', 'webnn.idl'), 'w').write('\n'.join(out))
