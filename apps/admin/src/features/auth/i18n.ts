import { registerMessages } from '../../i18n/index.ts';

export const NS = 'auth';

registerMessages(NS, {
  en: {
    signInTitle: 'Sign in to the console',
    username: 'Username',
    password: 'Password',
    totp: 'Authenticator code',
    totpHint: 'The 6-digit code from your authenticator app',
    totpInvalidFormat: 'Enter the 6 digits',
    signIn: 'Sign in',
    required: 'Required',
    passwordTitle: 'Change your one-time password',
    passwordIntro: 'Your password was set by the owner. Choose your own before using the console.',
    totpTitle: 'Set up your authenticator',
    totpIntro:
      'Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret in, then enter the code it shows.',
    qrAlt: 'QR code for your authenticator app',
    secret: 'Secret',
    enable: 'Turn on',
    totpEnabled: 'Authenticator turned on',
    totpSetupFailed: 'The enrolment could not be started',
    stepPassword: 'Password',
    stepTotp: 'Authenticator',
    stepDone: 'Console',
    signOut: 'Sign out',
  },
  'zh-CN': {
    signInTitle: '登录运营后台',
    username: '用户名',
    password: '密码',
    totp: '身份验证码',
    totpHint: '身份验证器中的 6 位验证码',
    totpInvalidFormat: '请输入 6 位数字',
    signIn: '登录',
    required: '必填',
    passwordTitle: '修改一次性密码',
    passwordIntro: '您的密码由所有者设置，使用后台前请先设置自己的密码。',
    totpTitle: '绑定身份验证器',
    totpIntro:
      '请用身份验证器应用（Google Authenticator、1Password、Authy 等）扫描二维码，或手动输入密钥，然后填写其显示的验证码。',
    qrAlt: '身份验证器二维码',
    secret: '密钥',
    enable: '启用',
    totpEnabled: '身份验证器已启用',
    totpSetupFailed: '无法开始绑定',
    stepPassword: '密码',
    stepTotp: '身份验证器',
    stepDone: '控制台',
    signOut: '退出登录',
  },
});
