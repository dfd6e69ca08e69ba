import { escapeHtml } from '@aval/domain';

/** pt-BR e-mails of the identity flows (text and HTML; values are escaped). */

const layout = (companyName: string, body: string) =>
  `<div style="font-family:Montserrat,Arial,sans-serif;max-width:560px;margin:auto;color:#222">` +
  `<h2 style="color:#0e65a5">${escapeHtml(companyName)}</h2>${body}` +
  `<p style="color:#555;font-size:12px">Mensagem automática do portal Aval. Não responda este e-mail.</p></div>`;

export const firstAccessMail = (companyName: string, name: string, link: string) => ({
  subject: `${companyName}: crie sua senha de acesso`,
  text: `Olá, ${name}!\n\nSeu acesso ao portal da ${companyName} foi criado. Para definir sua senha, abra o link abaixo (válido por 7 dias e de uso único):\n\n${link}\n`,
  html: layout(
    companyName,
    `<p>Olá, ${escapeHtml(name)}!</p><p>Seu acesso ao portal foi criado. Para definir sua senha, use o botão abaixo (válido por 7 dias e de uso único).</p>` +
      `<p><a href="${escapeHtml(link)}" style="background:#0e65a5;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Criar minha senha</a></p>` +
      `<p style="font-size:12px">Ou copie: ${escapeHtml(link)}</p>`,
  ),
});

export const recoveryMail = (companyName: string, name: string, link: string) => ({
  subject: `${companyName}: recuperação de senha`,
  text: `Olá, ${name}!\n\nRecebemos um pedido para trocar a sua senha. Abra o link abaixo (válido por 1 hora e de uso único):\n\n${link}\n\nSe não foi você, ignore este e-mail: sua senha continua a mesma.\n`,
  html: layout(
    companyName,
    `<p>Olá, ${escapeHtml(name)}!</p><p>Recebemos um pedido para trocar a sua senha. O link vale por 1 hora e pode ser usado uma única vez.</p>` +
      `<p><a href="${escapeHtml(link)}" style="background:#0e65a5;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Trocar minha senha</a></p>` +
      `<p style="font-size:12px">Ou copie: ${escapeHtml(link)}</p><p>Se não foi você, ignore este e-mail: sua senha continua a mesma.</p>`,
  ),
});
