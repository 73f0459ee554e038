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
    passkeys: 'Passkeys',
    passkeysIntro:
      'A passkey signs you in without password and code: this device’s screen lock or a security key. Lost one? Remove it here, or ask another owner to remove your passkeys.',
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
    passkeys: '通行密钥',
    passkeysIntro:
      '通行密钥无需密码和验证码即可登录：使用本设备的屏幕锁或安全密钥。丢失了？可在此删除，或请另一位所有者清除您的通行密钥。',
  },
});
