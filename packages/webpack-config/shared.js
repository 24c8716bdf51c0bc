/**
 * Shared singletons (ARCHITECTURE §7): exactly one copy of each may load. Versions come from the root
 * lock-step dependencies of the workspaces.
 */
const uiKit = require('../ui-kit/package.json');

const v = (name) => uiKit.dependencies[name];
const single = (version, extra = {}) => ({ singleton: true, requiredVersion: version, ...extra });

function sharedFor(kind) {
  return {
    react: single(v('react')),
    'react/jsx-runtime': single(v('react')),
    'react-dom': single(v('react-dom')),
    'react-dom/client': single(v('react-dom')),
    'react-router': single(v('react-router')),
    'react-router/dom': single(v('react-router')),
    antd: single(v('antd')),
    '@ant-design/icons': single(v('@ant-design/icons')),
    '@tanstack/react-query': single(v('@tanstack/react-query')),
    zustand: single(v('zustand')),
    'zustand/middleware': single(v('zustand')),
    i18next: single(v('i18next')),
    'react-i18next': single(v('react-i18next')),
    dayjs: single(v('dayjs')),
    '@portal/ui-kit': single('0.1.0', { version: '0.1.0' }),
    '@portal/contracts': single('0.1.0', { version: '0.1.0' }),
  };
}

module.exports = { sharedFor };
