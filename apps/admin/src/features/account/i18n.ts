import { registerMessages } from '../../i18n/index.ts';

export const NS = 'account';

registerMessages(NS, {
  en: {
    accountTitle: 'My account',
    username: 'Username',
    role: 'Role',
    twoFactor: 'Two-step sign-in (TOTP)',
    totpOn: 'On',
    totpOff: 'Off',
    totpOnHint: 'You sign in with your password and the code of your authenticator app.',
    totpResetHint: 'Lost your authenticator? The owner can reset your account.',
    passwordChanged: 'Password changed',
  },
  'zh-CN': {
    accountTitle: '我的账号',
    username: '用户名',
    role: '角色',
    twoFactor: '两步登录（TOTP）',
    totpOn: '已开启',
    totpOff: '未开启',
    totpOnHint: '登录时需要密码和身份验证器中的验证码。',
    totpResetHint: '身份验证器丢失？请联系所有者重置您的账号。',
    passwordChanged: '密码已修改',
  },
});
